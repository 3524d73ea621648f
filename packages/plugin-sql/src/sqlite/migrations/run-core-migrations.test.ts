import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqlErrorCode } from '../../errors';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { runCoreMigrations } from './run-core-migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-migrate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function tables(sqlite: Database.Database): string[] {
  return (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);
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
  fs.writeFileSync(
    path.join(out, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'sqlite', entries }),
  );
  return out;
}

describe('runCoreMigrations', () => {
  it('applies the committed migrations once', () => {
    const sqlite = new Database(path.join(dir, 'core.db'));
    expect(runCoreMigrations(sqlite, MIGRATIONS_FOLDER)).toEqual([
      '0000_init',
      '0001_memory-fts',
      '0002_fts-batches-vector-version',
      '0003_room-type-indexes',
      '0004_inbox-and-replies',
      '0005_model-usage',
      '0006_channels',
      '0007_channel-person-turns',
    ]);
    expect(tables(sqlite)).toEqual(
      expect.arrayContaining([
        'agents',
        'memories',
        'embeddings',
        'memories_fts',
        'participants',
        'cache',
        'inbox',
        'channels',
        'channel_messages',
      ]),
    );
    expect(runCoreMigrations(sqlite, MIGRATIONS_FOLDER)).toEqual([]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    sqlite.close();
  });

  it('upgrades a file written before batched full-text indexing', () => {
    // The first two migrations, as a database created by an earlier release has them.
    const early = path.join(dir, 'early');
    fs.cpSync(MIGRATIONS_FOLDER, early, { recursive: true });
    const journalPath = path.join(early, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, 2);
    fs.writeFileSync(journalPath, JSON.stringify(journal));

    const sqlite = new Database(path.join(dir, 'upgrade.db'));
    runCoreMigrations(sqlite, early);
    const insert = sqlite.prepare(
      "INSERT INTO memories (id, agent_id, type, entity_id, room_id, content, metadata, created_at) VALUES (?, 'a', 'facts', 'e', 'r', ?, '{}', 0)",
    );
    insert.run('m1', JSON.stringify({ text: 'old apples' }));
    insert.run('m2', JSON.stringify({ text: 'old pears' }));
    sqlite.prepare("INSERT INTO kith_meta (key, value) VALUES ('vector_index_stale', '1')").run();

    expect(runCoreMigrations(sqlite, MIGRATIONS_FOLDER)).toEqual([
      '0002_fts-batches-vector-version',
      '0003_room-type-indexes',
      '0004_inbox-and-replies',
      '0005_model-usage',
      '0006_channels',
      '0007_channel-person-turns',
    ]);
    const meta = Object.fromEntries(
      (sqlite.prepare('SELECT key, value FROM kith_meta').all() as { key: string; value: string }[]).map((r) => [
        r.key,
        r.value,
      ]),
    );
    // Rows indexed by the old triggers count as indexed; the vector counter starts; the old flag is gone.
    expect(meta).toEqual({ fts_indexed_seq: '2', vector_version: '0' });
    const matches = (word: string) =>
      (sqlite.prepare('SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?').get(word) as { n: number })
        .n;
    expect(matches('apples')).toBe(1);
    sqlite.prepare("UPDATE memories SET content = ? WHERE id = 'm1'").run(JSON.stringify({ text: 'new plums' }));
    expect([matches('apples'), matches('plums')]).toEqual([0, 1]);
    // A vector for the newest memory is found by its seq; one for an older memory bumps the version.
    const version = () =>
      (sqlite.prepare("SELECT value FROM kith_meta WHERE key = 'vector_version'").get() as { value: string }).value;
    sqlite.prepare('INSERT INTO embeddings (memory_seq, dimension, vector) VALUES (2, 4, zeroblob(16))').run();
    expect(version()).toBe('0');
    sqlite.prepare('INSERT INTO embeddings (memory_seq, dimension, vector) VALUES (1, 4, zeroblob(16))').run();
    expect(version()).toBe('1');
    sqlite.prepare('UPDATE embeddings SET dimension = 4 WHERE memory_seq = 2').run();
    sqlite.prepare('DELETE FROM embeddings WHERE memory_seq = 1').run();
    expect(version()).toBe('3');
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
    expect(
      runCoreMigrations(sqlite, folder('v2', ['CREATE TABLE a (id integer);', 'ALTER TABLE a ADD COLUMN name text;'])),
    ).toEqual(['0001_m']);
    expect((sqlite.pragma('table_info(a)') as { name: string }[]).map((c) => c.name)).toEqual(['id', 'name']);
    sqlite.close();
  });
});
