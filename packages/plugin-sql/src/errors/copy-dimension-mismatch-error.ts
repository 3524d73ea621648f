import { KithError, type KithErrorOptions } from '@kith/core';
import { type DatabaseTarget, describeTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const name = 'CopyDimensionMismatchError';
const marker = Symbol.for(`kith.error.${name}`);

/** An agent stores vectors of one size in the SQLite file and of another in the PostgreSQL database: copying would mix them. */
export class CopyDimensionMismatchError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly agent: string,
    readonly sourceDimension: number,
    readonly targetDimension: number,
    readonly target: DatabaseTarget,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.COPY_DIMENSION_MISMATCH,
      `Agent ${agent} has ${sourceDimension}-d vectors in the SQLite file but ${targetDimension}-d ones in ${describeTarget(target)}; nothing was copied. Copy into an empty database, or one where the agent uses the same embedding model.`,
      options,
    );
  }

  /** True for a CopyDimensionMismatchError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is CopyDimensionMismatchError {
    return KithError.hasMarker(error, marker);
  }
}
