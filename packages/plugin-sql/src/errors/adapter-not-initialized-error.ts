import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'AdapterNotInitializedError';
const marker = Symbol.for(`kith.error.${name}`);

/** A method was called before `init()` or after `close()`. */
export class AdapterNotInitializedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly method: string) {
    super(
      SqlErrorCode.NOT_INITIALIZED,
      `SqliteDatabaseAdapter.${method}() was called before init() or after close(). Await adapter.init() first.`,
    );
  }

  /** True for an AdapterNotInitializedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AdapterNotInitializedError {
    return KithError.hasMarker(error, marker);
  }
}
