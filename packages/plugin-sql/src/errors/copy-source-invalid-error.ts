import { KithError, type KithErrorOptions } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'CopySourceInvalidError';
const marker = Symbol.for(`kith.error.${name}`);

/** The file given to `kith db copy --from` is not a Kith SQLite database (or cannot be read). */
export class CopySourceInvalidError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly path: string,
    readonly reason: string,
    options: KithErrorOptions = {},
  ) {
    super(
      SqlErrorCode.COPY_SOURCE_INVALID,
      `${path} is not a Kith SQLite database (${reason}): pass the kith.db file an agent wrote.`,
      options,
    );
  }

  /** True for a CopySourceInvalidError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is CopySourceInvalidError {
    return KithError.hasMarker(error, marker);
  }
}
