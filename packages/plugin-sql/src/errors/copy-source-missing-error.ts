import { KithError, type KithErrorOptions } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'CopySourceMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** `kith db copy --from` names no SQLite file (nor a folder holding kith.db). */
export class CopySourceMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly path: string,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.COPY_SOURCE_MISSING,
      `No SQLite database at ${path}: pass the agent's kith.db file, or the data folder it is in (kith start --data-dir; default ./.kith).`,
      options,
    );
  }

  /** True for a CopySourceMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is CopySourceMissingError {
    return KithError.hasMarker(error, marker);
  }
}
