import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIResponseError';
const marker = Symbol.for(`kith.error.${name}`);

/** The response was not what the OpenAI wire format promises (invalid JSON, missing fields). */
export class OpenAIResponseError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(context: OpenAIRequestContext, problem: string, options: { retryable: boolean; cause?: unknown }) {
    super(OpenAIErrorCode.BAD_RESPONSE, `${where(context)} sent an invalid response: ${problem}`, context, options);
  }

  /** True for an OpenAIResponseError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIResponseError {
    return KithError.hasMarker(error, marker);
  }
}
