import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SqlMigrationError } from '../../errors';

/** Same bookkeeping table as drizzle's migrator, so either can take over. */
const CREATE_JOURNAL = `CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (
  id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)`;

/**
 * Applies the pending migrations of a drizzle-kit folder in one transaction.
 * Unlike drizzle's own migrator it takes the write lock (BEGIN IMMEDIATE)
 * before reading what was applied, so two processes opening a fresh file
 * cannot both apply a migration; and it turns foreign keys off meanwhile, as
 * SQLite requires for the table rebuilds drizzle-kit emits.
 * Returns the tags it applied.
 */
export function runCoreMigrations(sqlite: Database, folder: string): string[] {
  const files = readMigrationFiles({ migrationsFolder: folder });
  const tags = readTags(folder, files.length);
  sqlite.exec(CREATE_JOURNAL);
  sqlite.pragma('foreign_keys = OFF');
  const applied: string[] = [];
  let current = 'journal';
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const last = sqlite
        .prepare('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1')
        .get() as { created_at: number } | undefined;
      const insert = sqlite.prepare('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)');
      files.forEach((migration, i) => {
        if (last && Number(last.created_at) >= migration.folderMillis) return;
        current = tags[i] ?? String(i);
        for (const statement of migration.sql) if (statement.trim()) sqlite.exec(statement);
        insert.run(migration.hash, migration.folderMillis);
        applied.push(current);
      });
      const broken = sqlite.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`${broken.length} rows violate foreign keys after migrating`);
      sqlite.exec('COMMIT');
    } catch (error) {
      sqlite.exec('ROLLBACK');
      throw new SqlMigrationError(current, error instanceof Error ? error.message : String(error), { cause: error });
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
  return applied;
}

function readTags(folder: string, count: number): string[] {
  // readMigrationFiles drops the tags; the journal has them in the same order.
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.slice(0, count).map((entry) => entry.tag);
}
