import { createTestRuntime } from '../../testing';
import type { ModelEventPayload } from '../../types/events';

describe('MODEL_USED timeToFirstChunkMs', () => {
  it('is the time from the call to its first streamed chunk, and absent when nothing streamed', async () => {
    const runtime = await createTestRuntime();
    const used: ModelEventPayload[] = [];
    runtime.on('MODEL_USED', (payload) => void used.push(payload));
    runtime.registerModel(
      'TEXT_LARGE',
      async (_rt, params: { onStreamChunk?: (chunk: string) => unknown }) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await params.onStreamChunk?.('Hel');
        await new Promise((resolve) => setTimeout(resolve, 30));
        await params.onStreamChunk?.('lo');
        return 'Hello';
      },
      'streamer',
    );
    await runtime.useModel('TEXT_LARGE', { prompt: 'x', onStreamChunk: () => undefined });
    await runtime.useModel('TEXT_LARGE', { prompt: 'x' });
    expect(used[0].timeToFirstChunkMs).toBeGreaterThanOrEqual(25);
    expect(used[0].timeToFirstChunkMs).toBeLessThan(used[0].durationMs);
    expect(used[1].timeToFirstChunkMs).toBeUndefined();
  });
});
