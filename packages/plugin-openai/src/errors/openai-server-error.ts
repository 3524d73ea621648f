import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, serverSaid, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIServerError';
const marker = Symbol.for(`kith.error.${name}`);

/** 5xx (and 408/409): the server failed or is overloaded. Retryable. */
export class OpenAIServerError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, retryAfterMs?: number) {
    super(
      OpenAIErrorCode.SERVER_ERROR,
      `${where(context)} failed with ${status}${serverSaid(serverMessage)}.`,
      context,
      {
        status,
        retryAfterMs,
        retryable: true,
      },
    );
  }

  /** True for an OpenAIServerError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIServerError {
    return KithError.hasMarker(error, marker);
  }
}
