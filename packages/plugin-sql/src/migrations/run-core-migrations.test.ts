import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqlErrorCode } from '../errors';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { runCoreMigrations } from './run-core-migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-migrate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function tables(sqlite: Database.Database): string[] {
  return (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

/** A migrations folder with the given SQL files, in drizzle-kit's layout. */
function folder(name: string, migrations: string[]): string {
  const out = path.join(dir, name);
  fs.mkdirSync(path.join(out, 'meta'), { recursive: true });
  const entries = migrations.map((sql, idx) => {
    const tag = `000${idx}_m`;
    fs.writeFileSync(path.join(out, `${tag}.sql`), sql);
    return { idx, version: '6', when: 1_000 + idx, tag, breakpoints: true };
  });
  fs.writeFileSync(path.join(out, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'sqlite', entries }));
  return out;
}

describe('runCoreMigrations', () => {
  it('applies the committed migrations once', () => {
    const sqlite = new Database(path.join(dir, 'core.db'));
    expect(runCoreMigrations(sqlite, MIGRATIONS_FOLDER)).toEqual(['0000_init', '0001_memory-fts']);
    expect(tables(sqlite)).toEqual(expect.arrayContaining(['agents', 'memories', 'embeddings', 'memories_fts', 'participants', 'cache']));
    expect(runCoreMigrations(sqlite, MIGRATIONS_FOLDER)).toEqual([]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    sqlite.close();
  });

  it('rolls back every statement of a failing run', () => {
    const sqlite = new Database(path.join(dir, 'broken.db'));
    const broken = folder('broken', [
      'CREATE TABLE a (id integer);\n--> statement-breakpoint\nCREATE TABLE b (id integer);',
      'CREATE TABLE c (id integer);\n--> statement-breakpoint\nTHIS IS NOT SQL;',
    ]);
    let error: unknown;
    try {
      runCoreMigrations(sqlite, broken);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: SqlErrorCode.MIGRATION_FAILED, migration: '0001_m' });
    expect(tables(sqlite)).toEqual(['__drizzle_migrations']);
    expect(sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: 0 });
    sqlite.close();
  });

  it('applies only what is new', () => {
    const sqlite = new Database(path.join(dir, 'incremental.db'));
    runCoreMigrations(sqlite, folder('v1', ['CREATE TABLE a (id integer);']));
    expect(runCoreMigrations(sqlite, folder('v2', ['CREATE TABLE a (id integer);', 'ALTER TABLE a ADD COLUMN name text;']))).toEqual([
      '0001_m',
    ]);
    expect((sqlite.pragma('table_info(a)') as { name: string }[]).map((c) => c.name)).toEqual(['id', 'name']);
    sqlite.close();
  });
});
