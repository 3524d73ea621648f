import type { PgDriver, PgQueryRunner } from '../connection/pg-driver';

/** The advisory lock every schema change on a database is made under ("kith" in ASCII, then 1). */
export const SCHEMA_LOCK = 0x6b69746801;

/**
 * Runs `fn` holding a session-level advisory lock on a connection of its
 * own: servers starting at once against one database take turns (the others
 * wait, then find the work done). The lock goes with the connection if the
 * process dies.
 */
export function withSchemaLock<T>(driver: PgDriver, fn: (connection: PgQueryRunner) => Promise<T>): Promise<T> {
  return driver.withConnection(async (connection) => {
    await connection.query({ text: 'SELECT pg_advisory_lock($1)', values: [SCHEMA_LOCK] });
    try {
      return await fn(connection);
    } finally {
      await connection.query({ text: 'SELECT pg_advisory_unlock($1)', values: [SCHEMA_LOCK] });
    }
  });
}
