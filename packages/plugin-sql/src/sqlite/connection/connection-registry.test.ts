import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { SqlErrorCode } from '../../errors';
import { connectionRefCount } from './connection-registry';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-conn-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('connection registry', () => {
  it('shares one connection per file and closes it with the last adapter', async () => {
    const a = createDatabaseAdapter({ dataDir: dir, filename: 'shared.db' }, randomUuid());
    const b = createDatabaseAdapter({ dataDir: path.join(dir, '.'), filename: 'shared.db' }, randomUuid());
    await a.init();
    await b.init();
    expect(connectionRefCount(a.path)).toBe(2);
    expect(await a.getConnection()).toBe(await b.getConnection());
    expect(a.db).toBe(b.db);

    await a.close();
    await a.close();
    expect(connectionRefCount(a.path)).toBe(1);
    expect(await b.isReady()).toBe(true);
    await b.setCache('still', 'works');

    const sqlite = await b.getConnection();
    await b.close();
    expect(connectionRefCount(b.path)).toBe(0);
    expect(sqlite.open).toBe(false);
    expect(await b.isReady()).toBe(false);
  });

  it('creates the data folder and defaults to kith.db in it', async () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const adapter = createDatabaseAdapter({ dataDir }, randomUuid());
    expect(adapter.path).toBe(path.join(dataDir, 'kith.db'));
    await adapter.init();
    expect(fs.existsSync(adapter.path)).toBe(true);
    await adapter.close();
  });

  it('applies WAL, NORMAL sync, busy timeout and foreign keys', async () => {
    const adapter = createDatabaseAdapter({ dataDir: dir, filename: 'pragmas.db', busyTimeoutMs: 1234 }, randomUuid());
    await adapter.init();
    const sqlite = await adapter.getConnection();
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(1234);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(5_000);
    expect(sqlite.pragma('page_size', { simple: true })).toBe(8192);
    await adapter.close();
  });

  it('selects FULL sync from SQLITE_SYNCHRONOUS or the option', async () => {
    const previous = process.env.SQLITE_SYNCHRONOUS;
    process.env.SQLITE_SYNCHRONOUS = 'full';
    try {
      const fromEnv = createDatabaseAdapter({ dataDir: dir, filename: 'full-env.db' }, randomUuid());
      await fromEnv.init();
      expect((await fromEnv.getConnection()).pragma('synchronous', { simple: true })).toBe(2);
      await fromEnv.close();
    } finally {
      if (previous === undefined) delete process.env.SQLITE_SYNCHRONOUS;
      else process.env.SQLITE_SYNCHRONOUS = previous;
    }
    const fromOption = createDatabaseAdapter(
      { dataDir: dir, filename: 'full-opt.db', synchronous: 'FULL' },
      randomUuid(),
    );
    await fromOption.init();
    expect((await fromOption.getConnection()).pragma('synchronous', { simple: true })).toBe(2);
    await fromOption.close();
  });

  it('reports use before init with a stable code', async () => {
    const adapter = createDatabaseAdapter({ dataDir: dir, filename: 'early.db' }, randomUuid());
    await expect(adapter.getMemories({ tableName: 'messages' })).rejects.toMatchObject({
      code: SqlErrorCode.NOT_INITIALIZED,
    });
    expect(() => adapter.db).toThrow(/before init\(\)/);
  });
});
