import { KithError, type KithErrorOptions } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'SqlMigrationError';
const marker = Symbol.for(`kith.error.${name}`);

/** A core or plugin migration failed; nothing of it was applied. */
export class SqlMigrationError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly migration: string,
    problem: string,
    options: KithErrorOptions = {},
  ) {
    super(SqlErrorCode.MIGRATION_FAILED, `Migration "${migration}" failed and was rolled back: ${problem}`, options);
  }

  /** True for a SqlMigrationError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SqlMigrationError {
    return KithError.hasMarker(error, marker);
  }
}
