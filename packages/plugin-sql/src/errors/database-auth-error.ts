import { KithError, type KithErrorOptions } from '@kith/core';
import { type DatabaseTarget, describeTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const name = 'DatabaseAuthError';
const marker = Symbol.for(`kith.error.${name}`);

/** The server refused the user name or password. */
export class DatabaseAuthError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly target: DatabaseTarget,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.DATABASE_AUTH_FAILED,
      `${describeTarget(target)} refused user "${target.user}": wrong password or no such role. Fix the user and password in KITH_DATABASE_URL.`,
      options,
    );
  }

  /** True for a DatabaseAuthError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is DatabaseAuthError {
    return KithError.hasMarker(error, marker);
  }
}
