import { KithError, type KithErrorOptions } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'CopyIncompleteError';
const marker = Symbol.for(`kith.error.${name}`);

/** After `kith db copy`, rows of the SQLite file are not in PostgreSQL (refused by it, or a table it lacks). */
export class CopyIncompleteError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    /** `table: n rows` for each table short of rows. */
    readonly missing: string[],
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.COPY_INCOMPLETE,
      `The copy is incomplete: ${missing.join('; ')} not in PostgreSQL (the report above says why). Fix the cause and run the same command again: rows already copied are skipped.`,
      options,
    );
  }

  /** True for a CopyIncompleteError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is CopyIncompleteError {
    return KithError.hasMarker(error, marker);
  }
}
