import { createScriptedModel, createScriptedModelPlugin, createTestRuntime, type ScriptedModel } from '../../testing';
import type { Action, ActionResult, HandlerCallback, HandlerOptions } from '../../types/components';
import type { ActionEventPayload } from '../../types/events';
import type { Memory } from '../../types/memory';
import type { Content, UUID } from '../../types/primitives';
import type { State } from '../../types/state';
import { randomUuid } from '../../uuid/uuid';
import type { AgentRuntime } from '../agent-runtime';

const ROOM = '22222222-2222-2222-2222-222222222222' as UUID;
const USER = '11111111-1111-1111-1111-111111111111' as UUID;

const message = (): Memory => ({
  id: randomUuid(),
  entityId: USER,
  roomId: ROOM,
  content: { text: 'book me a flight' },
});
const response = (content: Content): Memory => ({ id: randomUuid(), entityId: USER, roomId: ROOM, content });
const emptyState = (): State => ({ values: {}, data: {}, text: '' });

/** An action that records its calls; `run` decides the handler's return value. */
function recording(
  name: string,
  run: (options?: HandlerOptions, state?: State) => unknown = () => ({ success: true }),
  extra: Partial<Action> = {},
) {
  const calls: { options?: HandlerOptions; state?: State; values?: Record<string, unknown> }[] = [];
  const action: Action = {
    name,
    description: name,
    validate: async () => true,
    handler: async (_runtime, _message, state, options) => {
      calls.push({ options, state, values: state ? { ...state.values } : undefined });
      return run(options, state);
    },
    ...extra,
  };
  return { action, calls };
}

async function runtimeWith(actions: Action[], model?: ScriptedModel): Promise<AgentRuntime> {
  const plugins = [{ name: 'actions', description: '', actions }];
  return createTestRuntime({ plugins: model ? [createScriptedModelPlugin(model), ...plugins] : plugins });
}

describe('processActions: choosing actions', () => {
  it('runs actions by exact name, simile and unambiguous fuzzy match; ignores ambiguous and unknown names', async () => {
    const order: string[] = [];
    const make = (name: string, similes?: string[]): Action =>
      recording(name, () => void order.push(name), { similes }).action;
    const runtime = await runtimeWith([
      make('SEND_MESSAGE', ['DM']),
      make('SEND_EMAIL'),
      make('MUTE_ROOM'),
      make('REPLY'),
    ]);
    const msg = message();
    await runtime.processActions(msg, [response({ actions: ['REPLY', 'dm', 'MUTE', 'SEND', 'NOPE'] })]);
    expect(order).toEqual(['REPLY', 'SEND_MESSAGE', 'MUTE_ROOM']);
    expect(runtime.getActionResults(msg.id as UUID)).toHaveLength(3);
  });

  it('skips an action whose validate returns false or throws', async () => {
    const refused = recording('REFUSED', undefined, { validate: async () => false });
    const broken = recording('BROKEN', undefined, {
      validate: async () => Promise.reject(new Error('validate broke')),
    });
    const fine = recording('FINE');
    const runtime = await runtimeWith([refused.action, broken.action, fine.action]);
    await runtime.processActions(message(), [response({ actions: ['REFUSED', 'BROKEN', 'FINE'] })]);
    expect(refused.calls).toHaveLength(0);
    expect(broken.calls).toHaveLength(0);
    expect(fine.calls).toHaveLength(1);
  });

  it('runs the actions of several responses in order', async () => {
    const order: string[] = [];
    const runtime = await runtimeWith(['A', 'B', 'C'].map((n) => recording(n, () => void order.push(n)).action));
    await runtime.processActions(message(), [response({ actions: ['A', 'B'] }), response({ actions: ['C'] })]);
    expect(order).toEqual(['A', 'B', 'C']);
  });
});

describe('processActions: parameters', () => {
  const flight = (): ReturnType<typeof recording> =>
    recording('BOOK_FLIGHT', undefined, {
      parameters: [
        { name: 'origin', description: 'from', required: true, schema: { type: 'string' } },
        { name: 'destination', description: 'to', required: true, schema: { type: 'string' } },
        { name: 'date', description: 'YYYY-MM-DD', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
        { name: 'passengers', description: 'count', schema: { type: 'number', minimum: 1, maximum: 9, default: 1 } },
        {
          name: 'cabin',
          description: 'class',
          schema: { type: 'string', enum: ['economy', 'business'], default: 'economy' },
        },
        { name: 'meal', description: 'meal', schema: { type: 'string', enumValues: ['veg', 'any'] } },
        {
          name: 'contact',
          description: 'who to tell',
          schema: {
            type: 'object',
            properties: { email: { type: 'string', pattern: '@' }, phone: { type: 'string' } },
            required: ['email'],
          },
        },
        {
          name: 'tags',
          description: 'labels',
          schema: { type: 'array', items: { type: 'string', enum: ['work', 'family'] } },
        },
      ],
    });

  async function run(params: Record<string, unknown>) {
    const action = flight();
    const model = createScriptedModel([]);
    const runtime = await runtimeWith([action.action], model);
    const msg = message();
    await runtime.processActions(msg, [response({ actions: ['BOOK_FLIGHT'], params: { BOOK_FLIGHT: params } })]);
    return { action, model, result: runtime.getActionResults(msg.id as UUID)[0] };
  }

  it('passes validated parameters with defaults applied', async () => {
    const { action, model, result } = await run({
      origin: 'SFO',
      destination: 'JFK',
      date: '2025-03-15',
      contact: { email: 'a@b.c' },
      tags: ['work'],
      meal: 'veg',
    });
    expect(result).toEqual({ success: true });
    expect(action.calls[0].options?.parameters).toEqual({
      origin: 'SFO',
      destination: 'JFK',
      date: '2025-03-15',
      passengers: 1,
      cabin: 'economy',
      meal: 'veg',
      contact: { email: 'a@b.c' },
      tags: ['work'],
    });
    expect(model.calls).toHaveLength(0);
  });

  it('finds params keyed by the action name in any case', async () => {
    const action = flight();
    const runtime = await runtimeWith([action.action]);
    await runtime.processActions(message(), [
      response({ actions: ['book_flight'], params: { book_flight: { origin: 'A', destination: 'B' } } }),
    ]);
    expect(action.calls[0].options?.parameters).toMatchObject({ origin: 'A', destination: 'B' });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a wrong type', { origin: 'SFO', destination: 'JFK', passengers: 'many' }, 'passengers'],
    ['a value below minimum', { origin: 'SFO', destination: 'JFK', passengers: 0 }, 'passengers'],
    ['a value above maximum', { origin: 'SFO', destination: 'JFK', passengers: 12 }, 'passengers'],
    ['a value outside enum', { origin: 'SFO', destination: 'JFK', cabin: 'first' }, 'cabin'],
    ['a value outside enumValues', { origin: 'SFO', destination: 'JFK', meal: 'fish' }, 'meal'],
    ['a pattern mismatch', { origin: 'SFO', destination: 'JFK', date: 'March 15' }, 'date'],
    ['a bad nested property', { origin: 'SFO', destination: 'JFK', contact: { email: 'nobody' } }, 'contact.email'],
    [
      'a missing nested required property',
      { origin: 'SFO', destination: 'JFK', contact: { phone: '1' } },
      'contact.email',
    ],
    ['a bad array item', { origin: 'SFO', destination: 'JFK', tags: ['work', 'party'] }, 'tags.1'],
  ];

  it.each(invalid)('rejects %s without calling the handler, naming the parameter', async (_label, params, name) => {
    const { action, result } = await run(params);
    expect(action.calls).toHaveLength(0);
    expect(result.success).toBe(false);
    expect(String(result.error)).toContain(`"${name}"`);
    expect(String(result.error)).toContain('BOOK_FLIGHT');
  });

  it('extracts missing required parameters with one TEXT_SMALL call and uses its JSON', async () => {
    const action = flight();
    const model = createScriptedModel([
      '```json\n{"origin": "San Francisco", "destination": "New York", "passengers": 2}\n```',
    ]);
    const runtime = await runtimeWith([action.action], model);
    const state = emptyState();
    state.values.recentMessages = 'user: fly me from San Francisco to New York, two of us';
    await runtime.processActions(
      message(),
      [response({ actions: ['BOOK_FLIGHT'], params: { BOOK_FLIGHT: { passengers: 3 } } })],
      state,
    );
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0].modelType).toBe('TEXT_SMALL');
    expect(model.calls[0].prompt).toContain('BOOK_FLIGHT');
    expect(model.calls[0].prompt).toContain('origin');
    expect(model.calls[0].prompt).toContain('fly me from San Francisco');
    // Params the response gave win over extracted ones.
    expect(action.calls[0].options?.parameters).toMatchObject({
      origin: 'San Francisco',
      destination: 'New York',
      passengers: 3,
    });
  });

  it('reports a required parameter the model could not extract', async () => {
    const action = flight();
    const model = createScriptedModel(['{"origin": "SFO"}']);
    const runtime = await runtimeWith([action.action], model);
    const msg = message();
    await runtime.processActions(msg, [response({ actions: ['BOOK_FLIGHT'] })]);
    expect(model.calls).toHaveLength(1);
    expect(action.calls).toHaveLength(0);
    expect(runtime.getActionResults(msg.id as UUID)[0]).toMatchObject({
      success: false,
      error: expect.stringContaining('"destination"'),
    });
  });

  it('passes content params through untouched for an action without declared parameters', async () => {
    const plain = recording('PLAIN');
    const runtime = await runtimeWith([plain.action]);
    await runtime.processActions(message(), [response({ actions: ['PLAIN'], params: { PLAIN: { anything: 1 } } })]);
    expect(plain.calls[0].options?.parameters).toEqual({ anything: 1 });
  });
});

describe('processActions: chaining and results', () => {
  it('merges each result’s values into state for the next action and exposes previous results', async () => {
    const lookup = recording('LOOKUP_USER', () => ({ success: true, values: { userEmail: 'a@b.c' }, data: { id: 7 } }));
    const send = recording('SEND_EMAIL', (options) => ({
      success: true,
      text: `previous: ${String(options?.actionContext?.getPreviousResult?.('LOOKUP_USER')?.data?.id)}`,
    }));
    const runtime = await runtimeWith([lookup.action, send.action]);
    const state = emptyState();
    const msg = message();
    await runtime.processActions(msg, [response({ actions: ['LOOKUP_USER', 'SEND_EMAIL'] })], state);
    expect(send.calls[0].values?.userEmail).toBe('a@b.c');
    expect(send.calls[0].options?.actionContext?.previousResults).toHaveLength(1);
    expect(state.values.userEmail).toBe('a@b.c');
    expect(state.data.actionResults).toHaveLength(2);
    expect(runtime.getActionResults(msg.id as UUID).map((r) => r.text)).toEqual([undefined, 'previous: 7']);
  });

  it('stops the chain when an action returns continueChain: false', async () => {
    const stop = recording('STOP_HERE', () => ({ success: true, continueChain: false }));
    const after = recording('AFTER');
    const runtime = await runtimeWith([stop.action, after.action]);
    await runtime.processActions(message(), [
      response({ actions: ['STOP_HERE', 'AFTER'] }),
      response({ actions: ['AFTER'] }),
    ]);
    expect(after.calls).toHaveLength(0);
  });

  it('turns a throwing handler into success:false and ends the chain', async () => {
    const boom = recording('BOOM', () => {
      throw new Error('kaboom');
    });
    const after = recording('AFTER');
    const runtime = await runtimeWith([boom.action, after.action]);
    const msg = message();
    await expect(runtime.processActions(msg, [response({ actions: ['BOOM', 'AFTER'] })])).resolves.toBeUndefined();
    expect(after.calls).toHaveLength(0);
    expect(runtime.getActionResults(msg.id as UUID)).toEqual([{ success: false, error: 'kaboom' }]);
  });

  it('runs cleanup after each action, also when a later action throws or the cleanup itself throws', async () => {
    const cleaned: string[] = [];
    const first = recording('FIRST', () => ({ success: true, cleanup: () => void cleaned.push('first') }));
    const messy = recording('MESSY', () => ({
      success: true,
      cleanup: async () => {
        cleaned.push('messy');
        throw new Error('cleanup broke');
      },
    }));
    const boom = recording('BOOM', () => {
      throw new Error('kaboom');
    });
    const runtime = await runtimeWith([first.action, messy.action, boom.action]);
    await runtime.processActions(message(), [response({ actions: ['FIRST', 'MESSY', 'BOOM'] })]);
    expect(cleaned).toEqual(['first', 'messy']);
  });

  it('accepts handlers that return true, false, undefined or a plain object', async () => {
    const runtime = await runtimeWith([
      recording('YES', () => true).action,
      recording('NO', () => false).action,
      recording('NOTHING', () => undefined).action,
      recording('OBJECT', () => ({ answer: 42 })).action,
    ]);
    const msg = message();
    await runtime.processActions(msg, [response({ actions: ['YES', 'NO', 'NOTHING', 'OBJECT'] })]);
    expect(runtime.getActionResults(msg.id as UUID)).toEqual([
      { success: true },
      { success: false },
      { success: true },
      { success: true, data: { answer: 42 } },
    ]);
  });

  it('gives the callback the action name as its second argument', async () => {
    const speak: Action = {
      name: 'SPEAK',
      description: '',
      validate: async () => true,
      handler: async (_rt, _msg, _state, _options, callback) => {
        await callback?.({ text: 'hi' });
        await callback?.({ text: 'named' }, 'CUSTOM_NAME');
        return true;
      },
    };
    const runtime = await runtimeWith([speak]);
    const received: [Content, string | undefined][] = [];
    const callback: HandlerCallback = async (content, actionName) => {
      received.push([content, actionName]);
      return [];
    };
    await runtime.processActions(message(), [response({ actions: ['SPEAK'] })], undefined, callback);
    expect(received).toEqual([
      [{ text: 'hi' }, 'SPEAK'],
      [{ text: 'named' }, 'CUSTOM_NAME'],
    ]);
  });

  it('passes onStreamChunk to the handler', async () => {
    const chunks: string[] = [];
    const streamer = recording('STREAM', async (options) => {
      await options?.onStreamChunk?.('part');
      return true;
    });
    const runtime = await runtimeWith([streamer.action]);
    await runtime.processActions(message(), [response({ actions: ['STREAM'] })], undefined, undefined, {
      onStreamChunk: (c) => void chunks.push(c),
    });
    expect(chunks).toEqual(['part']);
  });

  it('emits ACTION_STARTED and ACTION_COMPLETED with the run id and result', async () => {
    const runtime = await runtimeWith([
      recording('DO_IT', () => ({ success: true, text: 'done', cleanup: () => undefined })).action,
    ]);
    const events: [string, ActionEventPayload][] = [];
    runtime.on('ACTION_STARTED', (p) => void events.push(['started', p]));
    runtime.on('ACTION_COMPLETED', (p) => void events.push(['completed', p]));
    const msg = message();
    const runId = await runtime.withRun(ROOM, async (id) => {
      await runtime.processActions(msg, [response({ actions: ['DO_IT'] })]);
      return id;
    });
    expect(events.map(([kind]) => kind)).toEqual(['started', 'completed']);
    expect(events[0][1]).toMatchObject({ actionName: 'DO_IT', messageId: msg.id, roomId: ROOM, runId });
    const completed = events[1][1];
    expect(completed).toMatchObject({
      actionName: 'DO_IT',
      runId,
      result: { success: true, text: 'done' },
      durationMs: expect.any(Number),
    });
    expect((completed.result as ActionResult).cleanup).toBeUndefined();
  });

  it('returns no results for an unknown message id', async () => {
    const runtime = await runtimeWith([]);
    expect(runtime.getActionResults(randomUuid())).toEqual([]);
  });
});
