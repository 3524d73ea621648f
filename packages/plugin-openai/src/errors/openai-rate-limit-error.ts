import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, serverSaid, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIRateLimitError';
const marker = Symbol.for(`kith.error.${name}`);

/** 429: too many requests or tokens. Retryable; `retryAfterMs` when the server said how long to wait. */
export class OpenAIRateLimitError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    context: OpenAIRequestContext,
    serverMessage: string | undefined,
    details: { retryAfterMs?: number; providerCode?: string } = {},
  ) {
    const quota = details.providerCode === 'insufficient_quota';
    super(
      OpenAIErrorCode.RATE_LIMITED,
      `${where(context)} is rate limited (429${serverSaid(serverMessage)}).${quota ? ' The account is out of quota: check its billing.' : ''}`,
      context,
      { status: 429, retryable: true, ...details },
    );
  }

  /** True for an OpenAIRateLimitError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIRateLimitError {
    return KithError.hasMarker(error, marker);
  }
}
