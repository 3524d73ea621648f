import type { ModelEventPayload } from '../../types/events';
import { createTestRuntime } from '../../testing/create-test-runtime';
import { normalizeTokenUsage } from './foreign-model-usage';

describe("a plugin's own MODEL_USED (elizaOS's shape)", () => {
  it('inside useModel: its tokens and model join the call, which is recorded once with them and their cost', async () => {
    const runtime = await createTestRuntime();
    try {
      const used: ModelEventPayload[] = [];
      runtime.on('MODEL_USED', (payload) => void used.push(payload));
      runtime.registerModel(
        'TEXT_LARGE',
        async (rt) => {
          // As @elizaos/plugin-google-genai reports each call.
          await rt.emitEvent('MODEL_USED', {
            provider: 'google',
            type: 'TEXT_LARGE',
            prompt: 'the whole prompt',
            tokens: { prompt: 1200, completion: 80, total: 1280 },
          });
          return 'answer';
        },
        'google-genai',
      );
      expect(await runtime.useModel('TEXT_LARGE', { prompt: 'x' })).toBe('answer');
      expect(used).toHaveLength(1);
      expect(used[0]).toMatchObject({
        type: 'TEXT_LARGE',
        provider: 'google-genai',
        success: true,
        tokens: { promptTokens: 1200, completionTokens: 80, totalTokens: 1280 },
      });
      expect(used[0].prompt).toBeUndefined();
    } finally {
      await runtime.stop();
    }
  });

  it('outside useModel: completed into a full payload (defaults, tokens normalised, cost); odd shapes never throw', async () => {
    const runtime = await createTestRuntime();
    try {
      const used: ModelEventPayload[] = [];
      runtime.on('MODEL_USED', (payload) => void used.push(payload));
      await runtime.emitEvent('MODEL_USED', {
        provider: 'elizacloud',
        type: 'TEXT_SMALL',
        model: 'gpt-4o-mini',
        tokens: { prompt: 1000, completion: 100, total: 1100 },
      });
      await runtime.emitEvent('MODEL_USED', { tokens: 'lots', prompt: 42 } as never);
      expect(used[0]).toMatchObject({
        provider: 'elizacloud',
        type: 'TEXT_SMALL',
        model: 'gpt-4o-mini',
        promptChars: 0,
        durationMs: 0,
        success: true,
        tokens: { promptTokens: 1000, completionTokens: 100, totalTokens: 1100 },
      });
      expect(used[0].costUsd).toBeGreaterThan(0);
      expect(used[1]).toMatchObject({ provider: 'unknown', type: 'UNKNOWN', promptChars: 0, success: true });
      expect(used[1].tokens).toBeUndefined();
    } finally {
      await runtime.stop();
    }
  });
});

describe('normalizeTokenUsage', () => {
  it('reads every shape plugins send', () => {
    const expected = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
    expect(normalizeTokenUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15 })).toEqual(expected);
    expect(normalizeTokenUsage({ prompt: 10, completion: 5, total: 15 })).toEqual(expected);
    expect(normalizeTokenUsage({ inputTokens: 10, outputTokens: 5 })).toEqual(expected);
    expect(normalizeTokenUsage({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 })).toEqual(expected);
    expect(normalizeTokenUsage({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 4 })).toEqual({
      ...expected,
      cachedInputTokens: 4,
    });
    expect(normalizeTokenUsage({ total: 15, completion: 5 })).toEqual(expected);
    expect(normalizeTokenUsage({ prompt: -1, completion: 'x' })).toBeUndefined();
    expect(normalizeTokenUsage(null)).toBeUndefined();
  });
});
