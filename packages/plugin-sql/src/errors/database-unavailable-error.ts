import { KithError, type KithErrorOptions } from '@kith/core';
import { type DatabaseTarget, describeTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const name = 'DatabaseUnavailableError';
const marker = Symbol.for(`kith.error.${name}`);

/** The connection was lost while a call was under way (a restart, a network cut); later calls reconnect. Retryable. */
export class DatabaseUnavailableError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly target: DatabaseTarget,
    readonly method: string,
    reason: string,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.DATABASE_UNAVAILABLE,
      `${method}() failed: lost the connection to ${describeTarget(target)} (${reason}). Nothing of this call was stored; the adapter reconnects once the server is back.`,
      { retryable: true, ...options },
    );
  }

  /** True for a DatabaseUnavailableError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is DatabaseUnavailableError {
    return KithError.hasMarker(error, marker);
  }
}
