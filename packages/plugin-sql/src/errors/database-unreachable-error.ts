import { KithError, type KithErrorOptions } from '@kith/core';
import { type DatabaseTarget, describeTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const name = 'DatabaseUnreachableError';
const marker = Symbol.for(`kith.error.${name}`);

/** Nothing answers at the host and port (refused, unknown host, timed out). */
export class DatabaseUnreachableError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly target: DatabaseTarget,
    readonly reason: string,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.DATABASE_UNREACHABLE,
      `Cannot reach ${describeTarget(target)}: ${reason}. Start the server, or fix the host and port in KITH_DATABASE_URL.`,
      { retryable: true, ...options },
    );
  }

  /** True for a DatabaseUnreachableError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is DatabaseUnreachableError {
    return KithError.hasMarker(error, marker);
  }
}
