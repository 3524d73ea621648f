import type { IAgentRuntime } from '@kith/core';

interface SqliteHandle {
  /** better-sqlite3: the file path. */
  name: string;
  prepare(sql: string): { get(): unknown };
}

/** What PgDatabaseAdapter.status() gives (read structurally: the CLI does not load the adapter's classes). */
interface PgStatusSource {
  status(): Promise<{ database: string; migrations: number; vectorSearch: string }>;
}

export interface DatabaseStatus {
  /** The SQLite file, or the PostgreSQL database as postgres://user@host:port/name (no password). */
  file: string;
  dialect: 'sqlite' | 'postgres';
  /** Core migrations recorded in the database. */
  migrations: number;
  /** PostgreSQL: where vector search runs (pgvector or in-process). */
  vectorSearch?: string;
}

/**
 * The agent's database and how many core migrations it holds: the SQLite
 * file (read from the journal table plugin-sql shares with drizzle's
 * migrator) or the PostgreSQL database; null for other adapters.
 */
export async function databaseStatus(runtime: IAgentRuntime): Promise<DatabaseStatus | null> {
  try {
    const adapter = runtime.adapter as Partial<PgStatusSource>;
    if (typeof adapter.status === 'function') {
      const status = await adapter.status();
      return {
        file: status.database,
        dialect: 'postgres',
        migrations: status.migrations,
        vectorSearch: status.vectorSearch,
      };
    }
    const db = (await runtime.adapter.getConnection()) as Partial<SqliteHandle> | null;
    if (typeof db?.prepare !== 'function' || typeof db.name !== 'string') return null;
    const row = db.prepare('SELECT COUNT(*) AS n FROM "__drizzle_migrations"').get() as { n: number | bigint };
    return { file: db.name, dialect: 'sqlite', migrations: Number(row.n) };
  } catch {
    // Not a handle we know, or no journal: nothing to report.
    return null;
  }
}
