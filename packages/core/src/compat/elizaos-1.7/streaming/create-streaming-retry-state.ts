import type { IStreamExtractor, IStreamingRetryState } from './stream-extractor';

/**
 * Tracks what an extractor has streamed, so a failed call can be retried
 * with a continuation prompt (`getStreamedText`, which also collects the
 * text the extractor still holds) or not at all (`isComplete`).
 */
export function createStreamingRetryState(
  extractor: IStreamExtractor,
): IStreamingRetryState & { _appendText: (text: string) => void } {
  let streamed = '';
  return {
    getStreamedText: () => {
      streamed += extractor.flush?.() ?? '';
      return streamed;
    },
    isComplete: () => extractor.done,
    reset: () => {
      extractor.reset();
      streamed = '';
    },
    _appendText: (text) => {
      streamed += text;
    },
  };
}
