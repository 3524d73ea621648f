import { KithError } from '@kith/core';
import type { DatabaseTarget } from './database-target';
import { SqlErrorCode } from './sql-error-codes';

const at = (target: DatabaseTarget): string => `PostgreSQL at ${target.host}:${target.port} (database "${target.database}")`;

/** KITH_DATABASE_URL (or POSTGRES_URL, or --database-url) is not a postgres:// URL. */
export class InvalidDatabaseUrlError extends KithError {
  constructor(
    readonly url: string,
    problem: string,
  ) {
    super(
      SqlErrorCode.INVALID_DATABASE_URL,
      `The database URL "${url}" cannot be used: ${problem}. Write it as postgres://user:password@host:5432/database (KITH_DATABASE_URL).`,
    );
  }
}

/** Nothing answers at the host and port (refused, unknown host, timed out). */
export class DatabaseUnreachableError extends KithError {
  constructor(
    readonly target: DatabaseTarget,
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      SqlErrorCode.DATABASE_UNREACHABLE,
      `Cannot reach ${at(target)}: ${reason}. Start the server, or fix the host and port in KITH_DATABASE_URL.`,
      options,
    );
  }
}

/** The server refused the user name or password. */
export class DatabaseAuthError extends KithError {
  constructor(
    readonly target: DatabaseTarget,
    options: { cause?: unknown } = {},
  ) {
    super(
      SqlErrorCode.DATABASE_AUTH_FAILED,
      `${at(target)} refused user "${target.user}": wrong password or no such role. Fix the user and password in KITH_DATABASE_URL.`,
      options,
    );
  }
}

/** The server has no database of that name. */
export class DatabaseMissingError extends KithError {
  constructor(
    readonly target: DatabaseTarget,
    options: { cause?: unknown } = {},
  ) {
    super(
      SqlErrorCode.DATABASE_MISSING,
      `${at(target)} does not exist. Create it (createdb -h ${target.host} -p ${target.port} -U ${target.user} ${target.database}) or fix the name in KITH_DATABASE_URL.`,
      options,
    );
  }
}

/** The connection was lost while a call was under way (a restart, a network cut); later calls reconnect. */
export class DatabaseUnavailableError extends KithError {
  constructor(
    readonly target: DatabaseTarget,
    readonly method: string,
    reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      SqlErrorCode.DATABASE_UNAVAILABLE,
      `${method}() failed: lost the connection to ${at(target)} (${reason}). Nothing of this call was stored; the adapter reconnects once the server is back.`,
      options,
    );
  }
}
