import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'RateLimitedError';
const marker = Symbol.for(`kith.error.${name}`);

/** One address sent more requests than the limit allows in the window. Retryable. */
export class RateLimitedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly retryAfterMs: number,
    /** The setting that raises the limit. */
    setting = 'KITH_SERVER_RATE_LIMIT_MAX',
  ) {
    super(
      ServerErrorCode.RATE_LIMITED,
      `Too many requests: at most ${max} per ${windowMs} ms from one address. Retry in ${Math.ceil(retryAfterMs / 1000)} s, or raise ${setting}.`,
      { retryable: true },
    );
  }

  /** True for a RateLimitedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is RateLimitedError {
    return KithError.hasMarker(error, marker);
  }
}
