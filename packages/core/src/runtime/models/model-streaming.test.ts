import { runWithStreamingContext } from '../../compat/elizaos-1.7/streaming/streaming-context-manager';
import { createTestRuntime } from '../../testing';
import type { ModelEventPayload } from '../../types/events';
import type { ModelHandlerFn } from '../../types/model';
import type { UUID } from '../../types/primitives';

type Params = { prompt?: string; stream?: boolean; onStreamChunk?: (chunk: string, id?: string) => unknown };

async function* chunksOf(parts: string[]): AsyncGenerator<string> {
  for (const part of parts) {
    await new Promise((resolve) => setImmediate(resolve));
    yield part;
  }
}

/** A handler written the elizaOS 1.7 way (plugin-openai's): `stream: true` returns `{ textStream, text, usage }`. */
function elizaStyleHandler(seen: Params[]) {
  return async (_runtime: unknown, params: Params) => {
    seen.push(params);
    if (!params.stream) return 'Hello there';
    return {
      textStream: chunksOf(['Hel', 'lo ', 'there']),
      text: Promise.resolve('Hello there'),
      usage: Promise.resolve({ promptTokens: 12, completionTokens: 3, totalTokens: 15 }),
      finishReason: Promise.resolve('stop'),
    };
  };
}

/** A handler written the Kith way: it calls `onStreamChunk` itself and returns the text. */
async function kithStyleHandler(_runtime: unknown, params: Params): Promise<string> {
  for (const part of ['Good ', 'day']) await params.onStreamChunk?.(part);
  return 'Good day';
}

async function runtimeWith(handler: ModelHandlerFn<never, unknown>) {
  const runtime = await createTestRuntime();
  runtime.registerModel('TEXT_LARGE', handler, 'test-model', 100);
  runtime.registerModel('TEXT_EMBEDDING', handler, 'test-model', 100);
  const used: ModelEventPayload[] = [];
  runtime.on('MODEL_USED', (payload) => void used.push(payload));
  return { runtime, used };
}

const messageId = '00000000-0000-4000-8000-000000000001' as UUID;

describe('useModel streams as elizaOS 1.7 does', () => {
  it('reads an elizaOS handler’s textStream into onStreamChunk, returns the text, and records the usage it reports', async () => {
    const seen: Params[] = [];
    const { runtime, used } = await runtimeWith(elizaStyleHandler(seen));
    const chunks: string[] = [];
    const text = await runtime.useModel('TEXT_LARGE', {
      prompt: 'hi',
      onStreamChunk: (chunk) => void chunks.push(chunk),
    });
    expect(text).toBe('Hello there');
    expect(chunks).toEqual(['Hel', 'lo ', 'there']);
    expect(seen[0].stream).toBe(true);
    expect(used[0]).toMatchObject({
      success: true,
      tokens: { promptTokens: 12, completionTokens: 3, totalTokens: 15 },
      timeToFirstChunkMs: expect.any(Number),
    });
  });

  it('streams a call made inside runWithStreamingContext to the context, with its message id, and ends it once', async () => {
    for (const handler of [elizaStyleHandler([]), kithStyleHandler]) {
      const { runtime } = await runtimeWith(handler);
      const received: [string, string | undefined][] = [];
      let ended = 0;
      const context = {
        messageId,
        onStreamChunk: async (chunk: string, id?: UUID) => void received.push([chunk, id]),
        onStreamEnd: () => void ended++,
      };
      const text = await runWithStreamingContext(context, () => runtime.useModel('TEXT_LARGE', { prompt: 'hi' }));
      expect(received.map(([chunk]) => chunk).join('')).toBe(text);
      expect(received.every(([, id]) => id === messageId)).toBe(true);
      expect(ended).toBe(1);
    }
  });

  it('does not stream with stream: false, nor a non-text model type inside a context', async () => {
    const seen: Params[] = [];
    const { runtime } = await runtimeWith(elizaStyleHandler(seen));
    const received: string[] = [];
    const context = { onStreamChunk: async (chunk: string) => void received.push(chunk) };
    await runWithStreamingContext(context, async () => {
      expect(await runtime.useModel('TEXT_LARGE', { prompt: 'hi', stream: false })).toBe('Hello there');
      await runtime.useModel('TEXT_EMBEDDING', { text: 'hi' });
    });
    expect(received).toEqual([]);
    expect(seen.map((params) => params.stream)).toEqual([false, undefined]);
  });

  it('hands the stream result back when the caller asks for stream: true with no listener', async () => {
    const { runtime } = await runtimeWith(elizaStyleHandler([]));
    const result = (await runtime.useModel('TEXT_LARGE', { prompt: 'hi', stream: true })) as unknown as {
      textStream: AsyncIterable<string>;
    };
    let text = '';
    for await (const chunk of result.textStream) text += chunk;
    expect(text).toBe('Hello there');
  });

  it('stops reading when the context is aborted, and a throwing listener does not fail the call', async () => {
    const { runtime } = await runtimeWith(elizaStyleHandler([]));
    const abort = new AbortController();
    const received: string[] = [];
    const context = {
      abortSignal: abort.signal,
      onStreamChunk: async (chunk: string) => {
        received.push(chunk);
        abort.abort();
      },
    };
    const text = await runWithStreamingContext(context, () =>
      runtime.useModel('TEXT_LARGE', {
        prompt: 'hi',
        onStreamChunk: () => {
          throw new Error('listener broke');
        },
      }),
    );
    expect(received).toEqual(['Hel']);
    expect(text).toBe('Hel');
  });
});
