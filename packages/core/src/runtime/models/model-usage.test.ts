import { createTestRuntime } from '../../testing';
import type { ModelEventPayload } from '../../types/events';
import { reportModelUsage } from './model-usage';

async function runtimeWithUsage(...reports: Parameters<typeof reportModelUsage>[0][]): Promise<ModelEventPayload[]> {
  const runtime = await createTestRuntime();
  const used: ModelEventPayload[] = [];
  runtime.on('MODEL_USED', (payload) => void used.push(payload));
  runtime.registerModel(
    'TEXT_LARGE',
    async () => {
      for (const report of reports) reportModelUsage(report);
      return 'ok';
    },
    'reporter',
  );
  await runtime.useModel('TEXT_LARGE', { prompt: 'x' });
  return used;
}

describe('reportModelUsage: cached input tokens', () => {
  it('reports cachedInputTokens in MODEL_USED, added up over several reports', async () => {
    const used = await runtimeWithUsage(
      { promptTokens: 2000, completionTokens: 10, cachedInputTokens: 1536 },
      { promptTokens: 2100, completionTokens: 12, cachedInputTokens: 1920 },
    );
    expect(used[0].tokens).toEqual({
      promptTokens: 4100,
      completionTokens: 22,
      totalTokens: 4122,
      cachedInputTokens: 3456,
    });
  });

  it('keeps a reported 0 (nothing was cached) apart from a provider that does not say', async () => {
    expect((await runtimeWithUsage({ promptTokens: 5, completionTokens: 1, cachedInputTokens: 0 }))[0].tokens).toEqual({
      promptTokens: 5,
      completionTokens: 1,
      totalTokens: 6,
      cachedInputTokens: 0,
    });
    expect((await runtimeWithUsage({ promptTokens: 5, completionTokens: 1 }))[0].tokens).toEqual({
      promptTokens: 5,
      completionTokens: 1,
      totalTokens: 6,
    });
    // One report that says keeps the figure when a later one (a repair request to another server) does not.
    expect(
      (
        await runtimeWithUsage(
          { promptTokens: 5, completionTokens: 1, cachedInputTokens: 3 },
          { promptTokens: 5, completionTokens: 1 },
        )
      )[0].tokens?.cachedInputTokens,
    ).toBe(3);
  });

  it('ignores negative or non-finite cached counts', async () => {
    const used = await runtimeWithUsage(
      { promptTokens: 5, completionTokens: 1, cachedInputTokens: Number.NaN },
      { promptTokens: 1, completionTokens: 1, cachedInputTokens: -4 },
    );
    expect(used[0].tokens).toEqual({ promptTokens: 6, completionTokens: 2, totalTokens: 8, cachedInputTokens: 0 });
  });
});
