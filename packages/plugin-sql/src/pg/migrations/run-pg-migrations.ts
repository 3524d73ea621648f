import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SqlMigrationError } from '../../errors';
import type { PgDriver, PgQueryRunner } from '../connection/pg-driver';
import { withSchemaLock } from './advisory-lock';

/** drizzle's own journal table for PostgreSQL, so its migrator could take over. */
const CREATE_JOURNAL = [
  'CREATE SCHEMA IF NOT EXISTS drizzle',
  'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
];
const LAST_APPLIED = 'SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations';

async function lastApplied(connection: PgQueryRunner): Promise<number | null> {
  const { rows } = await connection.query<{ last: number | string | null }>({ text: LAST_APPLIED });
  return rows[0]?.last === null || rows[0]?.last === undefined ? null : Number(rows[0].last);
}

/**
 * Applies the pending migrations of a drizzle-kit folder, all in one
 * transaction, under the schema advisory lock: of several servers starting
 * at once against an empty database, one migrates while the others wait and
 * then find nothing to do. A database already up to date costs one read and
 * takes no lock. Returns the tags applied.
 */
export async function runPgMigrations(driver: PgDriver, folder: string): Promise<string[]> {
  const files = readMigrationFiles({ migrationsFolder: folder });
  const newest = files.at(-1)?.folderMillis ?? 0;
  try {
    const last = await lastApplied(driver);
    if (last !== null && last >= newest) return [];
  } catch {
    // No journal yet: a new database.
  }
  const tags = readTags(folder, files.length);
  return withSchemaLock(driver, async (connection) => {
    for (const statement of CREATE_JOURNAL) await connection.query({ text: statement });
    const last = await lastApplied(connection);
    const pending = files
      .map((file, i) => ({ file, tag: tags[i] ?? String(i) }))
      .filter(({ file }) => last === null || last < file.folderMillis);
    if (pending.length === 0) return [];
    let current = pending[0].tag;
    await connection.query({ text: 'BEGIN' });
    try {
      for (const { file, tag } of pending) {
        current = tag;
        for (const statement of file.sql) if (statement.trim()) await connection.query({ text: statement });
        await connection.query({
          text: 'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
          values: [file.hash, file.folderMillis],
        });
      }
      await connection.query({ text: 'COMMIT' });
    } catch (error) {
      await connection.query({ text: 'ROLLBACK' }).catch(() => undefined);
      throw new SqlMigrationError(current, error instanceof Error ? error.message : String(error), { cause: error });
    }
    return pending.map(({ tag }) => tag);
  });
}

/** How many core migrations the database records (for the boot report). */
export async function countPgMigrations(driver: PgDriver): Promise<number> {
  const { rows } = await driver.query<{ n: number | string }>({
    text: 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  });
  return Number(rows[0]?.n ?? 0);
}

function readTags(folder: string, count: number): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.slice(0, count).map((entry) => entry.tag);
}
