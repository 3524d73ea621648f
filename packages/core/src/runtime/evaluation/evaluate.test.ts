import { createScriptedModel, createScriptedModelPlugin, createTestRuntime, type ScriptedModel } from '../../testing';
import type { Evaluator, Handler } from '../../types/components';
import type { EvaluatorEventPayload } from '../../types/events';
import type { Memory } from '../../types/memory';
import { randomUuid } from '../../uuid/uuid';
import type { AgentRuntime } from '../agent-runtime';

const message = (): Memory => ({
  id: randomUuid(),
  entityId: '11111111-1111-1111-1111-111111111111',
  roomId: '22222222-2222-2222-2222-222222222222',
  content: { text: 'I live in Paris' },
});

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function evaluator(name: string, log: string[], extra: Partial<Evaluator> = {}): Evaluator {
  return {
    name,
    description: `${name} evaluator`,
    examples: [],
    validate: async () => true,
    handler: async () => {
      log.push(name);
    },
    ...extra,
  };
}

async function runtimeWith(
  evaluators: Evaluator[],
  options: { model?: ScriptedModel; settings?: Record<string, string> } = {},
): Promise<AgentRuntime> {
  const plugins = [{ name: 'evaluators', description: '', evaluators }];
  return createTestRuntime({
    settings: options.settings,
    plugins: options.model ? [createScriptedModelPlugin(options.model), ...plugins] : plugins,
  });
}

describe('evaluate', () => {
  it('skips evaluators without alwaysRun when the agent did not respond', async () => {
    const log: string[] = [];
    const validated: string[] = [];
    const runtime = await runtimeWith([
      evaluator('NORMAL', log, { validate: async () => (validated.push('NORMAL'), true) }),
      evaluator('ALWAYS', log, { alwaysRun: true }),
    ]);
    const ran = await runtime.evaluate(message(), undefined, false);
    expect(log).toEqual(['ALWAYS']);
    expect(validated).toEqual([]);
    expect(ran?.map((e) => e.name)).toEqual(['ALWAYS']);

    await runtime.evaluate(message(), undefined, true);
    expect(log).toEqual(['ALWAYS', 'NORMAL', 'ALWAYS']);
  });

  it('validates evaluators in parallel and skips those that refuse or throw', async () => {
    let startA!: () => void;
    let startB!: () => void;
    const aStarted = new Promise<void>((r) => (startA = r));
    const bStarted = new Promise<void>((r) => (startB = r));
    const log: string[] = [];
    const runtime = await runtimeWith([
      evaluator('A', log, { validate: async () => (startA(), await bStarted, true) }),
      evaluator('B', log, { validate: async () => (startB(), await aStarted, true) }),
      evaluator('NO', log, { validate: async () => false }),
      evaluator('BROKEN', log, { validate: async () => Promise.reject(new Error('validate broke')) }),
    ]);
    await runtime.evaluate(message(), undefined, true);
    expect(log).toEqual(['A', 'B']);
  });

  it('runs handlers one at a time in registration order', async () => {
    const events: string[] = [];
    const slow =
      (name: string): Handler =>
      async () => {
        events.push(`enter ${name}`);
        await tick();
        await tick();
        events.push(`exit ${name}`);
      };
    const runtime = await runtimeWith([
      evaluator('FIRST', [], { handler: slow('FIRST') }),
      evaluator('SECOND', [], { handler: slow('SECOND') }),
      evaluator('THIRD', [], { handler: slow('THIRD') }),
    ]);
    await runtime.evaluate(message(), undefined, true);
    expect(events).toEqual(['enter FIRST', 'exit FIRST', 'enter SECOND', 'exit SECOND', 'enter THIRD', 'exit THIRD']);
  });

  it('keeps going when an evaluator throws and reports the error in EVALUATOR_COMPLETED', async () => {
    const log: string[] = [];
    const runtime = await runtimeWith([
      evaluator('BOOM', log, {
        handler: async () => {
          throw new Error('evaluator broke');
        },
      }),
      evaluator('AFTER', log),
    ]);
    const events: [string, EvaluatorEventPayload][] = [];
    runtime.on('EVALUATOR_STARTED', (p) => void events.push(['started', p]));
    runtime.on('EVALUATOR_COMPLETED', (p) => void events.push(['completed', p]));
    const msg = message();
    await expect(runtime.evaluate(msg, undefined, true)).resolves.toHaveLength(2);
    expect(log).toEqual(['AFTER']);
    expect(events.map(([kind, p]) => `${kind} ${p.evaluatorName}`)).toEqual([
      'started BOOM',
      'completed BOOM',
      'started AFTER',
      'completed AFTER',
    ]);
    expect(events[1][1]).toMatchObject({
      error: 'evaluator broke',
      messageId: msg.id,
      roomId: msg.roomId,
      durationMs: expect.any(Number),
    });
    expect(events[3][1].error).toBeUndefined();
  });

  it('with EVALUATOR_SELECTION=llm asks TEXT_SMALL once and runs only the evaluators it names', async () => {
    const log: string[] = [];
    const model = createScriptedModel(['I pick these: ["facts"]']);
    const runtime = await runtimeWith(
      [evaluator('REFLECTION', log), evaluator('FACTS', log), evaluator('GOALS', log)],
      {
        model,
        settings: { EVALUATOR_SELECTION: 'llm' },
      },
    );
    const ran = await runtime.evaluate(
      message(),
      { values: { recentMessages: 'user: I live in Paris' }, data: {}, text: '' },
      true,
    );
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0].modelType).toBe('TEXT_SMALL');
    expect(model.calls[0].prompt).toContain('REFLECTION');
    expect(model.calls[0].prompt).toContain('GOALS');
    expect(log).toEqual(['FACTS']);
    expect(ran?.map((e) => e.name)).toEqual(['FACTS']);
  });

  it('with llm selection runs nothing when the model fails', async () => {
    const log: string[] = [];
    const model = createScriptedModel(() => {
      throw new Error('model down');
    });
    const runtime = await runtimeWith([evaluator('ONE', log)], { model, settings: { EVALUATOR_SELECTION: 'llm' } });
    expect(await runtime.evaluate(message(), undefined, true)).toEqual([]);
    expect(log).toEqual([]);
  });

  it('makes no model call when nothing validated', async () => {
    const model = createScriptedModel([]);
    const runtime = await runtimeWith([evaluator('NO', [], { validate: async () => false })], {
      model,
      settings: { EVALUATOR_SELECTION: 'llm' },
    });
    expect(await runtime.evaluate(message(), undefined, true)).toEqual([]);
    expect(model.calls).toHaveLength(0);
  });

  it('passes the callback and responses to handlers', async () => {
    const seen: unknown[] = [];
    const runtime = await runtimeWith([
      evaluator('SEES', [], {
        handler: async (_rt, _msg, state, _options, callback, responses) => {
          seen.push(state?.values.marker, typeof callback, responses?.length);
        },
      }),
    ]);
    await runtime.evaluate(message(), { values: { marker: 'm' }, data: {}, text: '' }, true, async () => [], [
      message(),
    ]);
    expect(seen).toEqual(['m', 'function', 1]);
  });
});
