import { KithError, type KithErrorOptions } from '@kith/core';
import { type DatabaseTarget, describeTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const name = 'DatabaseMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** The server has no database of that name. */
export class DatabaseMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly target: DatabaseTarget,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.DATABASE_MISSING,
      `${describeTarget(target)} does not exist. Create it (createdb -h ${target.host} -p ${target.port} -U ${target.user} ${target.database}) or fix the name in KITH_DATABASE_URL.`,
      options,
    );
  }

  /** True for a DatabaseMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is DatabaseMissingError {
    return KithError.hasMarker(error, marker);
  }
}
