import Database from 'better-sqlite3';
import { SqliteBindingError } from '../../errors';

/** What a failed load of better-sqlite3's compiled `.node` file looks like, whatever the cause. */
export function isBindingLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error.message.includes('Could not locate the bindings file') ||
    code === 'ERR_DLOPEN_FAILED' ||
    error.message.includes('NODE_MODULE_VERSION') ||
    (code === 'MODULE_NOT_FOUND' && error.message.includes('better_sqlite3.node'))
  );
}

/**
 * Opens a database file with better-sqlite3. Its binding loads on the first
 * open, so this is where a missing build surfaces: as SqliteBindingError with
 * the fix, instead of the bindings package's bare list of paths it tried.
 */
export function openSqliteFile(path: string, driver: typeof Database = Database): Database.Database {
  try {
    return new driver(path);
  } catch (error) {
    if (isBindingLoadError(error)) throw new SqliteBindingError({ cause: error });
    throw error;
  }
}
