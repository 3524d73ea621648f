import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'InvalidDatabaseUrlError';
const marker = Symbol.for(`kith.error.${name}`);

/** KITH_DATABASE_URL (or POSTGRES_URL, or --database-url) is not a postgres:// URL. */
export class InvalidDatabaseUrlError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly url: string,
    problem: string,
  ) {
    super(
      SqlErrorCode.INVALID_DATABASE_URL,
      `The database URL "${url}" cannot be used: ${problem}. Write it as postgres://user:password@host:5432/database (KITH_DATABASE_URL).`,
    );
  }

  /** True for a InvalidDatabaseUrlError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is InvalidDatabaseUrlError {
    return KithError.hasMarker(error, marker);
  }
}
