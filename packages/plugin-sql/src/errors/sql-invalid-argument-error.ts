import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'SqlInvalidArgumentError';
const marker = Symbol.for(`kith.error.${name}`);

/** An adapter method was called with an argument it cannot take; the message names the method. */
export class SqlInvalidArgumentError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly method: string,
    problem: string,
  ) {
    super(SqlErrorCode.INVALID_ARGUMENT, `SqliteDatabaseAdapter.${method}(): ${problem}`);
  }

  /** True for a SqlInvalidArgumentError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SqlInvalidArgumentError {
    return KithError.hasMarker(error, marker);
  }
}
