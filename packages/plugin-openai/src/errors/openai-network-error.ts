import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAINetworkError';
const marker = Symbol.for(`kith.error.${name}`);

/** The server could not be reached (refused, reset, DNS). Retryable. */
export class OpenAINetworkError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(context: OpenAIRequestContext, cause: unknown) {
    const detail = networkDetail(cause);
    super(
      OpenAIErrorCode.NETWORK_ERROR,
      `Could not reach ${where(context)}${detail ? ` (${detail})` : ''}. Is the server running? Check OPENAI_BASE_URL.`,
      context,
      { cause, retryable: true },
    );
  }

  /** True for an OpenAINetworkError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAINetworkError {
    return KithError.hasMarker(error, marker);
  }
}

function networkDetail(cause: unknown): string {
  // undici reports "fetch failed" and puts the system error (ECONNREFUSED, ...) in `cause`.
  const inner = (cause as { cause?: unknown } | undefined)?.cause ?? cause;
  const code = (inner as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return inner instanceof Error ? inner.message : '';
}
