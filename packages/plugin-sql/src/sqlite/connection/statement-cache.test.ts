import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { randomUuid } from '@kith/core';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { rooms } from '../schema';
import { silentLogger } from '../../testing/silent-logger';
import { StatementCache } from './statement-cache';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-statements-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('StatementCache', () => {
  it('prepares each SQL text once, drizzle queries included', async () => {
    const agentId = randomUuid();
    const adapter = createDatabaseAdapter({ dataDir: dir, filename: 'reuse.db', logger: silentLogger() }, agentId);
    await adapter.init();
    const sqlite = await adapter.getConnection();
    const prepare = jest.spyOn(Object.getPrototypeOf(sqlite) as Database.Database, 'prepare');
    for (let i = 0; i < 3; i++) {
      await adapter.setCache(`k${i}`, { i }); // drizzle insert
      await adapter.getCache(`k${i}`); // drizzle select
      await adapter.getParticipantsForRoom(randomUuid());
    }
    const texts = prepare.mock.calls.map(([sql]) => sql);
    expect(texts.length).toBeGreaterThan(0);
    expect(new Set(texts).size).toBe(texts.length); // never the same SQL twice
    prepare.mockRestore();
    await adapter.close();
  });

  it('hands drizzle statements back in object mode after it used them raw', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(
      'CREATE TABLE rooms (id text, agent_id text, name text, source text, type text, channel_id text, server_id text, message_server_id text, world_id text, metadata text, created_at integer)',
    );
    sqlite.exec(`INSERT INTO rooms VALUES ('r1', null, 'Lobby', 'test', 'GROUP', null, null, null, null, '{}', 0)`);
    const cache = new StatementCache(sqlite);
    const db = drizzle({ client: cache.client() });
    expect(db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, 'r1')).get()).toEqual({ name: 'Lobby' }); // raw internally
    const sql = db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, 'r1')).toSQL().sql;
    expect(cache.get(sql).get('r1')).toEqual({ name: 'Lobby' });
    sqlite.close();
  });

  it('drops the oldest statements past its bound', () => {
    const sqlite = new Database(':memory:');
    const cache = new StatementCache(sqlite);
    const first = cache.get('SELECT 0');
    for (let i = 1; i <= 600; i++) cache.get(`SELECT ${i}`);
    expect(cache.size).toBe(500);
    expect(cache.get('SELECT 600')).toBe(cache.get('SELECT 600'));
    expect(cache.get('SELECT 0')).not.toBe(first);
    sqlite.close();
  });
});
