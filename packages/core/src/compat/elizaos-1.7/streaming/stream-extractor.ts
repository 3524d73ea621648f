import type { UUID } from '../../../types/primitives';

/** Turns raw model chunks into the text worth showing; one instance per stream. */
export interface IStreamExtractor {
  /** No more text will come from this stream. */
  readonly done: boolean;
  /** Takes one raw chunk; returns the text to send now ('' when nothing yet). */
  push(chunk: string): string;
  /** Clears all state so the instance can take a fresh stream. */
  reset(): void;
  /** Returns text held back so far (a stream cut short); '' when none. */
  flush?(): string;
}

/** What a retry needs to know about a stream that failed part way. */
export interface IStreamingRetryState {
  getStreamedText: () => string;
  /** The extractor saw the end of its text, so the streamed text is whole. */
  isComplete: () => boolean;
  reset: () => void;
}

/** The callbacks a streaming model call reports to, as elizaOS 1.7 shapes them. */
export interface StreamingContext {
  onStreamChunk: (chunk: string, messageId?: UUID) => Promise<void>;
  /** Called when one streaming model call ends. */
  onStreamEnd?: () => void;
  messageId?: UUID;
  abortSignal?: AbortSignal;
  reset?: () => void;
  getStreamedText?: () => string;
  isComplete?: () => boolean;
}

/** Keeps the active StreamingContext across async calls. */
export interface IStreamingContextManager {
  run<T>(context: StreamingContext | undefined, fn: () => T): T;
  active(): StreamingContext | undefined;
}
