const marker = Symbol.for('kith.error.StreamError');

/** Why a stream extractor gave up, as elizaOS 1.7 names it. */
export type StreamErrorCode = 'CHUNK_TOO_LARGE' | 'BUFFER_OVERFLOW' | 'PARSE_ERROR' | 'TIMEOUT' | 'ABORTED';

/** elizaOS's streaming error: a plain Error with a `code` and optional `details`. */
export class StreamError extends Error {
  private readonly [marker] = true;
  override readonly name = 'StreamError';

  constructor(
    readonly code: StreamErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** True for a StreamError from any copy of this package (a Symbol.for marker, not instanceof). */
  static isStreamError(error: unknown): error is StreamError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}
