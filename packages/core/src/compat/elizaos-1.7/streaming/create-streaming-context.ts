import type { UUID } from '../../../types/primitives';
import { createStreamingRetryState } from './create-streaming-retry-state';
import type { IStreamExtractor, StreamingContext } from './stream-extractor';

/**
 * A StreamingContext that runs each raw chunk through `extractor` and sends
 * only the extracted text to `onStreamChunk`; chunks after the extractor is
 * done are ignored. Carries the retry state (reset, getStreamedText, isComplete).
 */
export function createStreamingContext(
  extractor: IStreamExtractor,
  onStreamChunk: (chunk: string, messageId?: UUID) => Promise<void>,
  messageId?: UUID,
): StreamingContext {
  const retry = createStreamingRetryState(extractor);
  return {
    onStreamChunk: async (chunk, chunkMessageId) => {
      if (extractor.done) return;
      const text = extractor.push(chunk);
      if (!text) return;
      retry._appendText(text);
      await onStreamChunk(text, chunkMessageId);
    },
    messageId,
    reset: retry.reset,
    getStreamedText: retry.getStreamedText,
    isComplete: retry.isComplete,
  };
}
