import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIStreamInterruptedError';
const marker = Symbol.for(`kith.error.${name}`);

/** A streamed response ended before it was complete. Retryable, but never after chunks reached the caller. */
export class OpenAIStreamInterruptedError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    context: OpenAIRequestContext,
    readonly chunksDelivered: number,
    cause?: unknown,
  ) {
    super(
      OpenAIErrorCode.STREAM_INTERRUPTED,
      `The stream from ${where(context)} ended early, after ${chunksDelivered} chunk${chunksDelivered === 1 ? '' : 's'}.`,
      context,
      { cause, retryable: true },
    );
  }

  /** True for an OpenAIStreamInterruptedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIStreamInterruptedError {
    return KithError.hasMarker(error, marker);
  }
}
