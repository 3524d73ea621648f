import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, serverSaid, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIAuthError';
const marker = Symbol.for(`kith.error.${name}`);

/** 401/403: the key is missing, wrong or lacks permission. Not retryable. */
export class OpenAIAuthError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, hasApiKey: boolean) {
    const fix = hasApiKey
      ? 'Check OPENAI_API_KEY: it is wrong, revoked, or not allowed to use this model'
      : 'No OPENAI_API_KEY is set; set OPENAI_API_KEY in the character secrets or the environment';
    super(
      OpenAIErrorCode.AUTH_FAILED,
      `${where(context)} refused the request (${status}${serverSaid(serverMessage)}). ${fix}.`,
      context,
      {
        status,
        retryable: false,
      },
    );
  }

  /** True for an OpenAIAuthError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIAuthError {
    return KithError.hasMarker(error, marker);
  }
}
