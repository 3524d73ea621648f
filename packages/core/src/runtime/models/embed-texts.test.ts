import { Semaphore } from '../../batch-queue/semaphore';
import { ErrorCode } from '../../errors/error-codes';
import { KithError } from '../../errors/kith-error';
import { createTestRuntime } from '../../testing/create-test-runtime';
import { deterministicEmbedding } from '../../testing/deterministic-embedding';
import type { Plugin } from '../../types/plugin';
import { embedTexts } from './embed-texts';

type Params = { text?: string; texts?: string[] } | string | null;

function embeddingPlugin(handler: (params: Params) => Promise<unknown>): Plugin {
  return {
    name: 'embedder',
    description: 'test embedder',
    models: { TEXT_EMBEDDING: async (_rt, params) => handler(params) },
  };
}

describe('embedTexts', () => {
  it('sends one { texts } call when the handler accepts array input', async () => {
    const calls: Params[] = [];
    const runtime = await createTestRuntime({
      plugins: [
        embeddingPlugin(async (params) => {
          calls.push(params);
          if (params && typeof params === 'object' && params.texts)
            return params.texts.map((t) => deterministicEmbedding(t, 8));
          return deterministicEmbedding(typeof params === 'object' ? (params?.text ?? '') : '', 8);
        }),
      ],
    });
    calls.length = 0; // the dimension probe
    const vectors = await embedTexts(runtime, ['alpha', 'beta', 'gamma']);
    expect(vectors).toEqual(['alpha', 'beta', 'gamma'].map((t) => deterministicEmbedding(t, 8)));
    expect(calls).toEqual([{ texts: ['alpha', 'beta', 'gamma'] }]);
  });

  it('falls back to one call per text, bounded by the semaphore, for handlers that read only `text`', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: string[] = [];
    const runtime = await createTestRuntime({
      plugins: [
        embeddingPlugin(async (params) => {
          const text = params && typeof params === 'object' ? params.text : undefined;
          inFlight++;
          peak = Math.max(peak, inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight--;
          seen.push(String(text));
          return deterministicEmbedding(text ?? '', 8);
        }),
      ],
    });
    seen.length = 0;
    const texts = Array.from({ length: 20 }, (_, i) => `text ${i}`);
    const vectors = await embedTexts(runtime, texts, { semaphore: new Semaphore(3) });
    expect(vectors).toEqual(texts.map((t) => deterministicEmbedding(t, 8)));
    expect(peak).toBeLessThanOrEqual(3);
    // The batch attempt (answered with one vector for `undefined`) is made once, then never again.
    expect(seen.filter((t) => t === 'undefined')).toHaveLength(1);
    seen.length = 0;
    await embedTexts(runtime, ['a', 'b']);
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('raises a typed error when a single call returns no vector', async () => {
    const runtime = await createTestRuntime({
      plugins: [
        embeddingPlugin(async (params) =>
          params && typeof params === 'object' && params.text === 'bad' ? 'nope' : [1, 0],
        ),
      ],
    });
    const error = await embedTexts(runtime, ['bad']).catch((e: unknown) => e);
    expect(KithError.hasCode(error, ErrorCode.MODEL_OUTPUT_INVALID)).toBe(true);
    expect((error as Error).message).toContain('TEXT_EMBEDDING returned invalid output');
  });
});
