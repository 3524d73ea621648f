import { ErrorCode } from '../errors/error-codes';
import { KithError } from '../errors/kith-error';
import type { AgentRuntime } from '../runtime/agent-runtime';
import { createTestRuntime } from '../testing/create-test-runtime';
import type { Plugin } from '../types/plugin';
import { PROMPT_BATCHER_WORKER } from './prompt-batcher';

/** TEXT_SMALL / TEXT_LARGE handlers that wait for the test to release them, counting calls in flight. */
function gatedModels() {
  const state = {
    inFlight: { TEXT_SMALL: 0, TEXT_LARGE: 0 },
    peak: { TEXT_SMALL: 0, TEXT_LARGE: 0 },
    gates: [] as (() => void)[],
  };
  const handler = (type: 'TEXT_SMALL' | 'TEXT_LARGE') => async (_rt: unknown, params: { prompt: string }) => {
    state.inFlight[type]++;
    state.peak[type] = Math.max(state.peak[type], state.inFlight[type]);
    await new Promise<void>((resolve) => state.gates.push(resolve));
    state.inFlight[type]--;
    if (params.prompt === 'fail') throw new Error('model exploded');
    return `${type}:${params.prompt}`;
  };
  const plugin: Plugin = {
    name: 'gated',
    description: 'gated models',
    models: { TEXT_SMALL: handler('TEXT_SMALL'), TEXT_LARGE: handler('TEXT_LARGE') },
  };
  return { state, plugin };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Waits (on event-loop turns, not a fixed time) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

describe('useModelInBackground (PromptBatcher)', () => {
  let runtime: AgentRuntime;
  afterEach(() => runtime.stop());

  it('caps background calls per model type while a reply call goes straight through', async () => {
    const { state, plugin } = gatedModels();
    runtime = await createTestRuntime({ plugins: [plugin], settings: { MAX_CONCURRENT_BACKGROUND_PROMPTS: 2 } });
    const background = Array.from({ length: 6 }, (_, i) =>
      runtime.useModelInBackground('TEXT_SMALL', { prompt: `bg${i}` }),
    );
    await until(() => state.inFlight.TEXT_SMALL === 2);
    await settle();
    expect(state.inFlight.TEXT_SMALL).toBe(2);

    // A reply is not queued behind the six background prompts.
    const reply = runtime.useModel('TEXT_SMALL', { prompt: 'reply' });
    await until(() => state.inFlight.TEXT_SMALL === 3);

    while (state.gates.length > 0 || state.inFlight.TEXT_SMALL > 0) {
      state.gates.splice(0).forEach((release) => release());
      await settle();
    }
    await expect(reply).resolves.toBe('TEXT_SMALL:reply');
    await expect(Promise.all(background)).resolves.toEqual(Array.from({ length: 6 }, (_, i) => `TEXT_SMALL:bg${i}`));
    expect(state.peak.TEXT_SMALL).toBe(3);
  });

  it('keeps one queue per affinity under one shared worker', async () => {
    const { state, plugin } = gatedModels();
    runtime = await createTestRuntime({ plugins: [plugin], settings: { MAX_CONCURRENT_BACKGROUND_PROMPTS: 1 } });
    const small = runtime.useModelInBackground('TEXT_SMALL', { prompt: 's' });
    const large = runtime.useModelInBackground('TEXT_LARGE', { prompt: 'l' });
    await until(() => state.inFlight.TEXT_SMALL === 1 && state.inFlight.TEXT_LARGE === 1);
    const tasks = await runtime.getTasksByName(PROMPT_BATCHER_WORKER);
    expect(tasks.map((t) => t.metadata?.drainId).sort()).toEqual([
      'prompt-batcher:TEXT_LARGE',
      'prompt-batcher:TEXT_SMALL',
    ]);
    state.gates.splice(0).forEach((release) => release());
    await expect(Promise.all([small, large])).resolves.toEqual(['TEXT_SMALL:s', 'TEXT_LARGE:l']);
  });

  it('rejects a failed call with its error', async () => {
    const { state, plugin } = gatedModels();
    runtime = await createTestRuntime({ plugins: [plugin] });
    const failing = runtime.useModelInBackground('TEXT_SMALL', { prompt: 'fail' });
    const failed = expect(failing).rejects.toThrow('model exploded');
    await until(() => state.gates.length === 1);
    state.gates.splice(0).forEach((release) => release());
    await failed;
  });

  it('on stop lets the call in flight finish and refuses the queued ones with a typed error', async () => {
    const { state, plugin } = gatedModels();
    runtime = await createTestRuntime({ plugins: [plugin], settings: { MAX_CONCURRENT_BACKGROUND_PROMPTS: 1 } });
    const outcomes = ['a', 'b', 'c'].map((prompt) =>
      runtime.useModelInBackground('TEXT_SMALL', { prompt }).then(
        (v) => v,
        (e: unknown) => e,
      ),
    );
    await until(() => state.inFlight.TEXT_SMALL === 1);
    const stopping = runtime.stop();
    await settle();
    expect(state.inFlight.TEXT_SMALL).toBe(1);
    state.gates.splice(0).forEach((release) => release());
    await stopping;
    const [a, b, c] = await Promise.all(outcomes);
    expect(a).toBe('TEXT_SMALL:a');
    expect(KithError.hasCode(b, ErrorCode.QUEUE_DISPOSED)).toBe(true);
    expect(KithError.hasCode(c, ErrorCode.QUEUE_DISPOSED)).toBe(true);
  });
});
