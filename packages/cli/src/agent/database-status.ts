import type { IAgentRuntime } from '@kith/core';

interface SqliteHandle {
  /** better-sqlite3: the file path. */
  name: string;
  prepare(sql: string): { get(): unknown };
}

export interface DatabaseStatus {
  file: string;
  /** Core migrations recorded in the database. */
  migrations: number;
}

/**
 * The agent's database file and how many core migrations it holds, read from
 * the journal table plugin-sql shares with drizzle's migrator; null for
 * adapters other than SQLite.
 */
export async function databaseStatus(runtime: IAgentRuntime): Promise<DatabaseStatus | null> {
  try {
    const db = (await runtime.adapter.getConnection()) as Partial<SqliteHandle> | null;
    if (typeof db?.prepare !== 'function' || typeof db.name !== 'string') return null;
    const row = db.prepare('SELECT COUNT(*) AS n FROM "__drizzle_migrations"').get() as { n: number | bigint };
    return { file: db.name, migrations: Number(row.n) };
  } catch {
    // Not a SQLite handle, or no journal: nothing to report.
    return null;
  }
}
