import { KithError, type KithErrorOptions } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'SqliteBindingError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * better-sqlite3's compiled binding could not be loaded: its install script did
 * not run (`--ignore-scripts`, npm's allowScripts), the build failed for want of
 * python3, make or a C++ compiler, or it was built for another Node.js version.
 */
export class SqliteBindingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(options: KithErrorOptions = {}) {
    const reason = options.cause instanceof Error ? options.cause.message.split('\n')[0] : String(options.cause);
    super(
      SqlErrorCode.NATIVE_BINDING_MISSING,
      `better-sqlite3's native binding could not be loaded (${reason}). Its install script must build it: allow it ` +
        '(do not install with --ignore-scripts; approve better-sqlite3 if npm asks), or install python3, make and a C++ compiler ' +
        'and run `npm rebuild better-sqlite3`.',
      options,
    );
  }

  /** True for a SqliteBindingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SqliteBindingError {
    return KithError.hasMarker(error, marker);
  }
}
