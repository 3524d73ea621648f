import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { GRAPH_TABLES, GraphReadCache } from './graph-read-cache';

describe('GraphReadCache', () => {
  let dir: string;
  let file: string;
  let sqlite: Database.Database;
  let cache: GraphReadCache;
  let loads: number;

  const readRooms = () =>
    cache.read('rooms', () => {
      loads += 1;
      return sqlite.prepare('SELECT id, name FROM rooms ORDER BY id').all() as { id: string; name: string }[];
    });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-graph-cache-'));
    file = path.join(dir, 'x.db');
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    for (const table of GRAPH_TABLES) sqlite.exec(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, name TEXT)`);
    sqlite.exec("INSERT INTO rooms VALUES ('r1', 'lobby')");
    cache = new GraphReadCache(sqlite);
    loads = 0;
  });

  afterEach(() => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a repeated read from memory, with objects each caller owns', () => {
    const first = readRooms();
    const second = readRooms();
    expect(loads).toBe(1);
    expect(second).toEqual([{ id: 'r1', name: 'lobby' }]);
    second[0].name = 'changed by a caller';
    first[0].name = 'changed too';
    expect(readRooms()).toEqual([{ id: 'r1', name: 'lobby' }]);
    expect(loads).toBe(1);
  });

  it.each(
    GRAPH_TABLES.flatMap((table) => (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => [table, event] as const)),
  )('forgets everything when this connection changes %s (%s), even through raw SQL', (table, event) => {
    sqlite.exec(`INSERT OR IGNORE INTO ${table} VALUES ('x', 'before')`);
    readRooms();
    const sql = {
      INSERT: `INSERT INTO ${table} VALUES ('y', 'new')`,
      UPDATE: `UPDATE ${table} SET name = 'after' WHERE id = 'x'`,
      DELETE: `DELETE FROM ${table} WHERE id = 'x'`,
    }[event];
    sqlite.exec(sql);
    readRooms();
    expect(loads).toBe(2);
  });

  it('notices a commit by another connection (another process) on the next read', () => {
    expect(readRooms()).toEqual([{ id: 'r1', name: 'lobby' }]);
    const other = new Database(file);
    other.exec("UPDATE rooms SET name = 'renamed elsewhere'");
    other.close();
    expect(readRooms()).toEqual([{ id: 'r1', name: 'renamed elsewhere' }]);
    expect(loads).toBe(2);
  });

  it('caches nothing read inside a transaction, so a rollback leaves nothing behind', () => {
    sqlite.exec('BEGIN');
    sqlite.exec("UPDATE rooms SET name = 'uncommitted'");
    expect(readRooms()).toEqual([{ id: 'r1', name: 'uncommitted' }]);
    sqlite.exec('ROLLBACK');
    expect(readRooms()).toEqual([{ id: 'r1', name: 'lobby' }]);
    expect(loads).toBe(2);
    readRooms();
    expect(loads).toBe(2);
  });

  it('stays bounded: a huge result is not kept, and many entries start the cache over', () => {
    const huge = 'x'.repeat(1_000_001);
    cache.read('huge', () => huge);
    expect(cache.stats().entries).toBe(0);
    for (let i = 0; i < 5_000; i++) cache.read(`room:${i}`, () => ({ id: i }));
    expect(cache.stats().entries).toBeLessThanOrEqual(4_096);
    expect(cache.stats().cleared).toBeGreaterThanOrEqual(1);
  });

  it('keeps "not found" (null or undefined) as null', () => {
    const missing = () => cache.read('world:none', (): { id: string } | null => (loads++, null));
    expect(missing()).toBeNull();
    expect(missing()).toBeNull();
    expect(loads).toBe(1);
    expect(cache.stats().entries).toBe(1);
  });
});
