import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import type { SqlLogger } from './sql-logger';

let warned = false;

/** Loads sqlite-vec; on failure warns once per process and reports false. */
export function loadVectorExtension(sqlite: Database, logger: SqlLogger): boolean {
  try {
    sqliteVec.load(sqlite);
    return true;
  } catch (error) {
    if (!warned) {
      warned = true;
      logger.warn(
        { err: error },
        'sqlite-vec could not be loaded; vector search falls back to an exact in-process scan (slower on large stores). Reinstall sqlite-vec for your platform to restore it.',
      );
    }
    return false;
  }
}

/** Warns once that sqlite-vec was turned off by configuration. */
export function warnVectorExtensionDisabled(logger: SqlLogger): void {
  if (warned) return;
  warned = true;
  logger.warn({}, 'sqlite-vec is disabled (KITH_DISABLE_SQLITE_VEC); vector search uses an exact in-process scan.');
}
