import { KithError, TimeoutError } from '@kith/core';
import { where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAITimeoutError';
const marker = Symbol.for(`kith.error.${name}`);

/** No answer (or, for a stream, no chunk) within OPENAI_TIMEOUT_MS. Code KITH_TIMEOUT, retryable. */
export class OpenAITimeoutError extends TimeoutError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly context: OpenAIRequestContext,
    timeoutMs: number,
  ) {
    super(where(context), timeoutMs);
    this.message = `${this.message}. Raise OPENAI_TIMEOUT_MS if the server is just slow.`;
  }

  /** True for an OpenAITimeoutError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAITimeoutError {
    return KithError.hasMarker(error, marker);
  }
}
