import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { createScriptedModel, createScriptedModelPlugin, createTestRuntime, scriptedReply } from '../../testing';
import type { Action, Evaluator, Provider } from '../../types/components';

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

const failing: Provider = {
  name: 'BROKEN',
  get: async () => {
    throw new Error('provider down');
  },
};
const shout: Action = {
  name: 'SHOUT',
  description: 'shouts',
  similes: [],
  examples: [],
  validate: async () => true,
  handler: async () => ({ success: false, error: 'too loud' }),
};
const notes: Evaluator = {
  name: 'NOTES',
  description: 'takes notes',
  alwaysRun: true,
  examples: [],
  validate: async () => true,
  handler: async (runtime) => {
    await runtime.useModel('TEXT_SMALL', { prompt: 'note this' });
  },
};

describe('OpenTelemetry spans of a run', () => {
  it('nest state, providers, model calls (GenAI attributes), actions and evaluators under the run, with errors recorded', async () => {
    const model = createScriptedModel([scriptedReply('hi', ['SHOUT']), 'noted'], {
      usage: ({ modelType }) =>
        modelType === 'TEXT_LARGE'
          ? { model: 'gpt-4o-mini', promptTokens: 1200, cachedInputTokens: 1000, completionTokens: 30 }
          : undefined,
    });
    const runtime = await createTestRuntime({
      plugins: [
        createScriptedModelPlugin(model),
        { name: 'extras', description: '', providers: [failing], actions: [shout], evaluators: [notes] },
      ],
    });
    const roomId = '6f1f3c1e-2b1a-4c55-9a77-1d2e3f405162';
    const message = {
      id: 'a0000000-0000-4000-8000-000000000001',
      entityId: 'b0000000-0000-4000-8000-000000000002',
      roomId,
      content: { text: 'hello' },
    } as const;
    await runtime.withRun(roomId, async () => {
      const state = await runtime.composeState(message);
      const output = await runtime.useModel('TEXT_LARGE', { prompt: 'reply' });
      await runtime.processActions(message, [{ ...message, content: { text: 'hi', actions: ['SHOUT'] } }], state);
      await runtime.evaluate(message, state, true);
      return output;
    });

    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.find((span) => span.name === name) as ReadableSpan;
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const run = byName('kith.run');
    expect(run.attributes).toMatchObject({ 'kith.room.id': roomId, 'kith.agent.name': runtime.character.name });
    expect(parentOf(run)).toBeUndefined();

    const compose = byName('kith.compose_state');
    expect(parentOf(compose)).toBe(run.spanContext().spanId);
    const broken = byName('kith.provider BROKEN');
    expect(parentOf(broken)).toBe(compose.spanContext().spanId);
    expect(broken.status).toMatchObject({ code: 2, message: 'provider down' });
    expect(broken.events.map((event) => event.name)).toContain('exception');

    const chat = byName('chat gpt-4o-mini');
    expect(parentOf(chat)).toBe(run.spanContext().spanId);
    expect(chat.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'scripted-model',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.usage.output_tokens': 30,
      'kith.usage.cached_input_tokens': 1000,
      'kith.model_type': 'TEXT_LARGE',
    });
    expect(chat.attributes['kith.cost_usd']).toBeCloseTo((200 * 0.15 + 1000 * 0.075 + 30 * 0.6) / 1e6, 12);

    const action = byName('kith.action SHOUT');
    expect(parentOf(action)).toBe(run.spanContext().spanId);
    expect(action.status).toMatchObject({ code: 2, message: 'too loud' });
    const evaluator = byName('kith.evaluator NOTES');
    expect(parentOf(evaluator)).toBe(run.spanContext().spanId);
    // A model call an evaluator makes is its child.
    expect(parentOf(byName('chat TEXT_SMALL'))).toBe(evaluator.spanContext().spanId);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
  });
});
