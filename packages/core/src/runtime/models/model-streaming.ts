import { getStreamingContext } from '../../compat/elizaos-1.7/streaming/streaming-context-manager';
import { isStreamableModelType } from '../../compat/elizaos-1.7/streaming/is-streamable-model-type';
import type { StreamChunkCallback } from '../../types/components';
import type { ModelTypeName, TokenUsage } from '../../types/model';
import { normalizeTokenUsage } from './foreign-model-usage';

/**
 * How one model call streams, as elizaOS 1.7's `useModel` decides it: it
 * streams when the caller passes `onStreamChunk`, when the call runs inside
 * `runWithStreamingContext` (text types only), or when it asks with
 * `stream: true`; `stream: false` never streams.
 *
 * Two kinds of handlers take part. Kith's call `params.onStreamChunk` for
 * each chunk and return the text. elizaOS's read `params.stream` and return
 * `{ textStream, text, usage }`; `finish` reads that stream into the same
 * chunk callbacks and returns the text, as elizaOS's runtime does.
 */
export interface ModelStreaming {
  /** The params for the handler: `stream` set, and `onStreamChunk` feeding every listener. */
  params: unknown;
  /** Whether a chunk listener is there (so a returned `textStream` is read here rather than handed back). */
  listening: boolean;
}

interface StreamResult {
  textStream: AsyncIterable<string>;
  usage?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function isStreamResult(value: unknown): value is StreamResult {
  const stream = isPlainObject(value) ? value.textStream : undefined;
  return typeof stream === 'object' && stream !== null && Symbol.asyncIterator in stream;
}

/** A listener that throws must not end the model call (elizaOS ignores such errors too). */
async function tell(listener: StreamChunkCallback | undefined, chunk: string, messageId: string | undefined) {
  if (!listener) return;
  try {
    await listener(chunk, messageId);
  } catch {
    // ignored, see above
  }
}

export function prepareModelStreaming(modelType: string, params: unknown): ModelStreaming {
  if (!isPlainObject(params)) return { params, listening: false };
  const context = isStreamableModelType(modelType as ModelTypeName) ? getStreamingContext() : undefined;
  const own = typeof params.onStreamChunk === 'function' ? (params.onStreamChunk as StreamChunkCallback) : undefined;
  const fromContext = context?.onStreamChunk;
  if (params.stream === false || (!own && !fromContext)) {
    return { params, listening: false };
  }
  const messageId = context?.messageId;
  const onStreamChunk: StreamChunkCallback = async (chunk, id) => {
    if (context?.abortSignal?.aborted) return;
    await tell(own, chunk, id ?? messageId);
    await tell(fromContext as StreamChunkCallback | undefined, chunk, id ?? messageId);
  };
  return { params: { ...params, stream: true, onStreamChunk }, listening: true };
}

/**
 * Reads a `{ textStream }` result into `onStreamChunk` (the counted callback
 * of the params the handler got) and returns the whole text; any other
 * result is returned as it is. Either way the streaming context's
 * `onStreamEnd` is called once the call has streamed.
 * `usage` (elizaOS's promise of token counts) is reported through `report`.
 */
export async function finishModelStreaming(
  streaming: ModelStreaming,
  handlerParams: unknown,
  result: unknown,
  report: (usage: TokenUsage) => void,
): Promise<unknown> {
  if (!streaming.listening) return result;
  const context = getStreamingContext();
  if (!isStreamResult(result)) {
    context?.onStreamEnd?.();
    return result;
  }
  const onStreamChunk = (handlerParams as { onStreamChunk: StreamChunkCallback }).onStreamChunk;
  let text = '';
  for await (const chunk of result.textStream) {
    if (context?.abortSignal?.aborted) break;
    text += chunk;
    await onStreamChunk(chunk);
  }
  context?.onStreamEnd?.();
  const usage = normalizeTokenUsage(await Promise.resolve(result.usage).catch(() => undefined));
  if (usage) report(usage);
  return text;
}
