import { ModelHandlerMissingError, ModelTimeoutError } from '../../errors';
import { KithError } from '../../errors/kith-error';
import { createCapturingLogger, createTestRuntime } from '../../testing';
import type { ModelEventPayload } from '../../types/events';
import type { GenerateTextParams } from '../../types/model';
import type { IAgentRuntime } from '../../types/runtime';
import type { AgentRuntime } from '../agent-runtime';
import { reportModelUsage } from './model-usage';
import { DEFAULT_MODEL_TIMEOUT_MS, isRetryableModelError } from './use-model';

type TextHandler = (runtime: IAgentRuntime, params: GenerateTextParams) => Promise<string>;

const reply =
  (text: string): TextHandler =>
  async () =>
    text;
const failWith =
  (error: unknown): TextHandler =>
  async () => {
    throw error;
  };
const retryable = (): KithError => new KithError('KITH_TEST_UNAVAILABLE', 'provider unavailable', { retryable: true });

async function runtimeWith(
  settings: Record<string, string | number> = {},
): Promise<{ runtime: AgentRuntime; used: ModelEventPayload[] }> {
  const runtime = await createTestRuntime({ settings });
  const used: ModelEventPayload[] = [];
  runtime.on('MODEL_USED', (payload) => void used.push(payload));
  return { runtime, used };
}

describe('useModel', () => {
  it('uses the highest-priority handler, then the earliest registered among equals', async () => {
    const { runtime } = await runtimeWith();
    runtime.registerModel('TEXT_SMALL', reply('low'), 'low', 0);
    runtime.registerModel('TEXT_SMALL', reply('high'), 'high', 10);
    runtime.registerModel('TEXT_SMALL', reply('high-later'), 'high-later', 10);
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'x' })).toBe('high');
    expect(runtime.getModelHandlers('TEXT_SMALL').map((h) => h.provider)).toEqual(['high', 'high-later', 'low']);
    expect(runtime.getModel('TEXT_SMALL')).toBeDefined();
  });

  it('gives plugin model handlers the plugin priority', async () => {
    const runtime = await createTestRuntime({
      plugins: [
        { name: 'cheap', description: '', priority: 0, models: { TEXT_LARGE: reply('cheap') } },
        { name: 'good', description: '', priority: 5, models: { TEXT_LARGE: reply('good') } },
      ],
    });
    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'x' })).toBe('good');
  });

  it('uses a named provider when asked', async () => {
    const { runtime } = await runtimeWith();
    runtime.registerModel('TEXT_SMALL', reply('a'), 'a', 10);
    runtime.registerModel('TEXT_SMALL', reply('b'), 'b', 0);
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'x' }, 'b')).toBe('b');
    expect(runtime.getModel('TEXT_SMALL', 'b')).toBeDefined();
    await expect(runtime.useModel('TEXT_SMALL', { prompt: 'x' }, 'c')).rejects.toThrow('"c"');
  });

  it('names the model type when no handler is registered', async () => {
    const { runtime } = await runtimeWith();
    const error = await runtime.useModel('IMAGE', { prompt: 'cat' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelHandlerMissingError);
    expect((error as ModelHandlerMissingError).modelType).toBe('IMAGE');
    expect((error as Error).message).toContain('IMAGE');
  });

  it('merges <TYPE>_MAX_TOKENS and <TYPE>_TEMPERATURE from settings; explicit params win', async () => {
    const { runtime } = await runtimeWith({
      TEXT_SMALL_MAX_TOKENS: '256',
      TEXT_SMALL_TEMPERATURE: 0.2,
      TEXT_LARGE_MAX_TOKENS: 'not a number',
    });
    const seen: GenerateTextParams[] = [];
    const capture: TextHandler = async (_rt, params) => {
      seen.push(params);
      return 'ok';
    };
    runtime.registerModel('TEXT_SMALL', capture, 'cap');
    runtime.registerModel('TEXT_LARGE', capture, 'cap');
    await runtime.useModel('TEXT_SMALL', { prompt: 'a' });
    await runtime.useModel('TEXT_SMALL', { prompt: 'b', maxTokens: 10 });
    await runtime.useModel('TEXT_LARGE', { prompt: 'c' });
    expect(seen[0]).toMatchObject({ prompt: 'a', maxTokens: 256, temperature: 0.2 });
    expect(seen[1]).toMatchObject({ maxTokens: 10, temperature: 0.2 });
    expect(seen[2].maxTokens).toBeUndefined();
  });

  it('emits MODEL_USED with type, provider, prompt size, duration and token usage', async () => {
    const { runtime, used } = await runtimeWith();
    runtime.registerModel(
      'TEXT_SMALL',
      (async (_rt, params) => {
        params.usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
        return 'done';
      }) satisfies TextHandler,
      'counting',
    );
    await runtime.withRun(undefined, async (runId) => {
      await runtime.useModel('TEXT_SMALL', { prompt: 'hello' });
      expect(used).toEqual([
        expect.objectContaining({
          type: 'TEXT_SMALL',
          provider: 'counting',
          promptChars: 5,
          durationMs: expect.any(Number),
          tokens: { promptTokens: 3, completionTokens: 2, totalTokens: 5 },
          success: true,
          runId,
        }),
      ]);
    });
  });

  it('passes onStreamChunk through to the handler', async () => {
    const { runtime } = await runtimeWith();
    runtime.registerModel(
      'TEXT_LARGE',
      (async (_rt, params) => {
        await params.onStreamChunk?.('Hel');
        await params.onStreamChunk?.('lo');
        return 'Hello';
      }) satisfies TextHandler,
      'streamer',
    );
    const chunks: string[] = [];
    const result = await runtime.useModel('TEXT_LARGE', {
      prompt: 'x',
      onStreamChunk: (chunk) => void chunks.push(chunk),
    });
    expect(result).toBe('Hello');
    expect(chunks).toEqual(['Hel', 'lo']);
  });

  it('falls back to the next handler on a retryable KithError or an error with isRetryable', async () => {
    const { runtime, used } = await runtimeWith();
    const retryableObject = Object.assign(new Error('rate limited'), { isRetryable: true });
    runtime.registerModel('TEXT_SMALL', failWith(retryable()), 'first', 20);
    runtime.registerModel('TEXT_SMALL', failWith(retryableObject), 'second', 10);
    runtime.registerModel('TEXT_SMALL', reply('third'), 'third', 0);
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'x' })).toBe('third');
    expect(used.map((u) => [u.provider, u.success])).toEqual([
      ['first', false],
      ['second', false],
      ['third', true],
    ]);
    expect(used[0].error).toBe('provider unavailable');
  });

  it('does not fall back on a non-retryable error', async () => {
    const { runtime } = await runtimeWith();
    const fallback = jest.fn(reply('fallback'));
    runtime.registerModel('TEXT_SMALL', failWith(new Error('bad request')), 'first', 10);
    runtime.registerModel('TEXT_SMALL', fallback, 'second', 0);
    await expect(runtime.useModel('TEXT_SMALL', { prompt: 'x' })).rejects.toThrow('bad request');
    runtime.registerModel('TEXT_EMBEDDING', failWith(new KithError('KITH_TEST', 'no', { retryable: false })), 'e1', 10);
    runtime.registerModel('TEXT_EMBEDDING', async () => [1], 'e2', 0);
    await expect(runtime.useModel('TEXT_EMBEDDING', { text: 'x' })).rejects.toThrow('no');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('never falls back once a stream chunk was sent', async () => {
    const { runtime } = await runtimeWith();
    const fallback = jest.fn(reply('fallback'));
    runtime.registerModel(
      'TEXT_LARGE',
      (async (_rt, params) => {
        await params.onStreamChunk?.('partial');
        throw retryable();
      }) satisfies TextHandler,
      'first',
      10,
    );
    runtime.registerModel('TEXT_LARGE', fallback, 'second', 0);
    const chunks: string[] = [];
    await expect(
      runtime.useModel('TEXT_LARGE', { prompt: 'x', onStreamChunk: (c) => void chunks.push(c) }),
    ).rejects.toThrow('provider unavailable');
    expect(chunks).toEqual(['partial']);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('logs a fallback with the failed and the next provider names', async () => {
    const capture = createCapturingLogger('warn');
    const runtime = await createTestRuntime({ logger: capture.logger });
    runtime.registerModel('TEXT_SMALL', failWith(retryable()), 'openai', 10);
    runtime.registerModel('TEXT_SMALL', reply('offline'), 'eliza-classic', 0);
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'x' })).toBe('offline');
    const entry = capture.entries.find((e) => e.failed === 'openai');
    expect(entry).toMatchObject({ level: 'warn', modelType: 'TEXT_SMALL', failed: 'openai', next: 'eliza-classic' });
    expect(entry?.msg).toBe('TEXT_SMALL provider "openai" failed; falling back to "eliza-classic"');
  });

  it('rethrows the last retryable error when every handler fails', async () => {
    const { runtime } = await runtimeWith();
    runtime.registerModel('TEXT_SMALL', failWith(retryable()), 'a', 1);
    runtime.registerModel('TEXT_SMALL', failWith(Object.assign(new Error('last one'), { isRetryable: true })), 'b', 0);
    await expect(runtime.useModel('TEXT_SMALL', { prompt: 'x' })).rejects.toThrow('last one');
  });

  describe('MODEL_TIMEOUT_MS', () => {
    const hang: TextHandler = () => new Promise<string>(() => undefined);
    // Fake timers (performance.now included) make the deadlines exact; promise jobs still run.
    const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    afterEach(() => jest.useRealTimers());

    it('rejects a handler that does not answer in time with ModelTimeoutError naming the model type and provider, and logs it at debug', async () => {
      // The caller logs the failed turn at warn; this line is detail, kept out of the default level.
      const capture = createCapturingLogger('debug');
      const runtime = await createTestRuntime({ logger: capture.logger, settings: { MODEL_TIMEOUT_MS: 100 } });
      const used: ModelEventPayload[] = [];
      runtime.on('MODEL_USED', (payload) => void used.push(payload));
      runtime.registerModel('TEXT_LARGE', hang, 'stuck-llm');
      fakeTimers();
      const outcome = runtime.useModel('TEXT_LARGE', { prompt: 'x' }).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(99);
      expect(used).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ModelTimeoutError);
      expect(error).toMatchObject({
        code: 'KITH_MODEL_TIMEOUT',
        modelType: 'TEXT_LARGE',
        provider: 'stuck-llm',
        timeoutMs: 100,
        retryable: true,
      });
      expect(used).toEqual([expect.objectContaining({ type: 'TEXT_LARGE', provider: 'stuck-llm', success: false })]);
      expect(capture.entries.find((e) => e.modelType === 'TEXT_LARGE')).toMatchObject({
        level: 'debug',
        provider: 'stuck-llm',
      });
      expect(jest.getTimerCount()).toBe(0);
    });

    it('falls back to the next handler after a timeout', async () => {
      const { runtime, used } = await runtimeWith({ MODEL_TIMEOUT_MS: 50 });
      runtime.registerModel('TEXT_SMALL', hang, 'stuck', 10);
      runtime.registerModel('TEXT_SMALL', reply('backup'), 'backup', 0);
      fakeTimers();
      const result = runtime.useModel('TEXT_SMALL', { prompt: 'x' });
      await jest.advanceTimersByTimeAsync(50);
      expect(await result).toBe('backup');
      expect(used.map((u) => [u.provider, u.success])).toEqual([
        ['stuck', false],
        ['backup', true],
      ]);
    });

    it('restarts the clock on every stream chunk, and times out a stream that stalls', async () => {
      const { runtime } = await runtimeWith({ MODEL_TIMEOUT_MS: 100 });
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      runtime.registerModel(
        'TEXT_LARGE',
        (async (_rt, params) => {
          for (let i = 0; i < 5; i++) {
            await pause(80);
            await params.onStreamChunk?.(String(i));
          }
          if (params.prompt === 'stall') await new Promise(() => undefined);
          return 'done';
        }) satisfies TextHandler,
        'streamer',
      );
      fakeTimers();
      const chunks: string[] = [];
      const live = runtime.useModel('TEXT_LARGE', { prompt: 'live', onStreamChunk: (c) => void chunks.push(c) });
      await jest.advanceTimersByTimeAsync(400);
      expect(await live).toBe('done');
      expect(chunks).toEqual(['0', '1', '2', '3', '4']);

      let settled = false;
      const stalled = runtime
        .useModel('TEXT_LARGE', { prompt: 'stall', onStreamChunk: () => undefined })
        .catch((error: unknown) => error)
        .finally(() => (settled = true));
      // The last chunk comes at 400 ms; the deadline is 100 ms after it.
      await jest.advanceTimersByTimeAsync(499);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await stalled).toBeInstanceOf(ModelTimeoutError);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('clears its timer when the handler answers or throws (also synchronously)', async () => {
      const { runtime } = await runtimeWith();
      runtime.registerModel('TEXT_SMALL', reply('ok'), 'ok');
      runtime.registerModel(
        'TEXT_LARGE',
        () => {
          throw new Error('sync throw');
        },
        'sync',
      );
      runtime.registerModel('TEXT_EMBEDDING', failWith(new Error('async throw')), 'async');
      fakeTimers();
      expect(await runtime.useModel('TEXT_SMALL', { prompt: 'x' })).toBe('ok');
      await expect(runtime.useModel('TEXT_LARGE', { prompt: 'x' })).rejects.toThrow('sync throw');
      await expect(runtime.useModel('TEXT_EMBEDDING', { text: 'x' })).rejects.toThrow('async throw');
      expect(jest.getTimerCount()).toBe(0);
    });

    it(`defaults to ${DEFAULT_MODEL_TIMEOUT_MS} ms, and 0 turns the limit off`, async () => {
      const slow: TextHandler = () =>
        new Promise((resolve) => setTimeout(() => resolve('late'), DEFAULT_MODEL_TIMEOUT_MS + 1_000));
      const defaults = await runtimeWith();
      defaults.runtime.registerModel('TEXT_SMALL', slow, 'slow');
      const off = await runtimeWith({ MODEL_TIMEOUT_MS: 0 });
      off.runtime.registerModel('TEXT_SMALL', slow, 'slow');
      fakeTimers();
      const timedOut = defaults.runtime.useModel('TEXT_SMALL', { prompt: 'x' }).catch((error: unknown) => error);
      const unlimited = off.runtime.useModel('TEXT_SMALL', { prompt: 'x' });
      await jest.advanceTimersByTimeAsync(DEFAULT_MODEL_TIMEOUT_MS);
      expect(await timedOut).toMatchObject({ code: 'KITH_MODEL_TIMEOUT', timeoutMs: DEFAULT_MODEL_TIMEOUT_MS });
      await jest.advanceTimersByTimeAsync(1_000);
      expect(await unlimited).toBe('late');
    });
  });

  describe('reportModelUsage', () => {
    it('reports usage for params that cannot carry it, adding up several reports', async () => {
      const { runtime, used } = await runtimeWith();
      runtime.registerModel(
        'IMAGE_DESCRIPTION',
        async () => {
          expect(reportModelUsage({ promptTokens: 10, completionTokens: 4, totalTokens: 14 })).toBe(true);
          expect(reportModelUsage({ promptTokens: 2, completionTokens: 1 })).toBe(true);
          return { title: 't', description: 'd' };
        },
        'vision',
      );
      await runtime.useModel('IMAGE_DESCRIPTION', 'https://example.test/cat.png');
      expect(used[0].tokens).toEqual({ promptTokens: 12, completionTokens: 5, totalTokens: 17 });
    });

    it('wins over params.usage and keeps each attempt and each concurrent call apart', async () => {
      const { runtime, used } = await runtimeWith();
      runtime.registerModel(
        'TEXT_SMALL',
        (async (_rt, params) => {
          params.usage = { promptTokens: 99, completionTokens: 99, totalTokens: 198 };
          reportModelUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 });
          throw retryable();
        }) satisfies TextHandler,
        'first',
        10,
      );
      runtime.registerModel(
        'TEXT_SMALL',
        (async (_rt, params) => {
          const n = params.prompt.length;
          await new Promise((resolve) => setImmediate(resolve));
          reportModelUsage({ promptTokens: n, completionTokens: 1 });
          return params.prompt;
        }) satisfies TextHandler,
        'second',
        0,
      );
      await Promise.all([
        runtime.useModel('TEXT_SMALL', { prompt: 'abc' }),
        runtime.useModel('TEXT_SMALL', { prompt: 'abcdefg' }),
      ]);
      const failed = used.filter((u) => !u.success);
      const succeeded = used.filter((u) => u.success).map((u) => u.tokens);
      expect(failed.map((u) => u.tokens)).toEqual([
        { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      ]);
      expect(succeeded).toEqual(
        expect.arrayContaining([
          { promptTokens: 3, completionTokens: 1, totalTokens: 4 },
          { promptTokens: 7, completionTokens: 1, totalTokens: 8 },
        ]),
      );
    });

    it('gives a nested useModel call its own usage', async () => {
      const { runtime, used } = await runtimeWith();
      runtime.registerModel(
        'TEXT_SMALL',
        (async () => {
          reportModelUsage({ promptTokens: 5, completionTokens: 5 });
          return 'inner';
        }) satisfies TextHandler,
        'inner',
      );
      runtime.registerModel(
        'TEXT_LARGE',
        (async (rt) => {
          const inner = await rt.useModel('TEXT_SMALL', { prompt: 'x' });
          reportModelUsage({ promptTokens: 1, completionTokens: 1 });
          return `outer(${inner})`;
        }) satisfies TextHandler,
        'outer',
      );
      expect(await runtime.useModel('TEXT_LARGE', { prompt: 'y' })).toBe('outer(inner)');
      expect(used.map((u) => [u.type, u.tokens?.totalTokens])).toEqual([
        ['TEXT_SMALL', 10],
        ['TEXT_LARGE', 2],
      ]);
    });

    it('returns false outside a model call', () => {
      expect(reportModelUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 })).toBe(false);
    });
  });

  describe('circuit breaker', () => {
    afterEach(() => jest.restoreAllMocks());

    it('skips a handler after CIRCUIT_BREAKER_THRESHOLD failures and probes it again after CIRCUIT_BREAKER_RESET_MS', async () => {
      let now = 1_000_000;
      jest.spyOn(Date, 'now').mockImplementation(() => now);
      const { runtime } = await runtimeWith({ CIRCUIT_BREAKER_THRESHOLD: 2, CIRCUIT_BREAKER_RESET_MS: 5_000 });
      let primaryHealthy = false;
      const primary = jest.fn(async (): Promise<string> => {
        if (!primaryHealthy) throw retryable();
        return 'primary';
      });
      runtime.registerModel('TEXT_SMALL', primary, 'primary', 10);
      runtime.registerModel('TEXT_SMALL', reply('backup'), 'backup', 0);

      expect(await runtime.useModel('TEXT_SMALL', { prompt: '1' })).toBe('backup');
      expect(await runtime.useModel('TEXT_SMALL', { prompt: '2' })).toBe('backup');
      expect(primary).toHaveBeenCalledTimes(2);

      // Open: the primary is not even tried.
      expect(await runtime.useModel('TEXT_SMALL', { prompt: '3' })).toBe('backup');
      expect(primary).toHaveBeenCalledTimes(2);

      // After the reset time one probe goes through; its success closes the circuit.
      now += 5_000;
      primaryHealthy = true;
      expect(await runtime.useModel('TEXT_SMALL', { prompt: '4' })).toBe('primary');
      expect(await runtime.useModel('TEXT_SMALL', { prompt: '5' })).toBe('primary');
      expect(primary).toHaveBeenCalledTimes(4);
    });

    it('still calls the last remaining handler when its circuit is open', async () => {
      const { runtime } = await runtimeWith({ CIRCUIT_BREAKER_THRESHOLD: 1 });
      const only = jest.fn(failWith(retryable()));
      runtime.registerModel('TEXT_SMALL', only, 'only');
      await expect(runtime.useModel('TEXT_SMALL', { prompt: 'x' })).rejects.toThrow();
      await expect(runtime.useModel('TEXT_SMALL', { prompt: 'x' })).rejects.toThrow();
      expect(only).toHaveBeenCalledTimes(2);
    });
  });
});

describe('isRetryableModelError', () => {
  it('reads KithError.retryable and isRetryable/retryable flags', () => {
    expect(isRetryableModelError(retryable())).toBe(true);
    expect(isRetryableModelError(new KithError('X', 'x'))).toBe(false);
    expect(isRetryableModelError({ isRetryable: true })).toBe(true);
    expect(isRetryableModelError({ retryable: true })).toBe(true);
    expect(isRetryableModelError(new Error('plain'))).toBe(false);
    expect(isRetryableModelError('string')).toBe(false);
    expect(isRetryableModelError(null)).toBe(false);
  });
});
