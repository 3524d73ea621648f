import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rooms } from './schema';
import { eq } from 'drizzle-orm';
import type { UUID } from '@kith/core';
import { createDatabaseAdapter } from '../create-database-adapter';
import { silentLogger } from '../testing/silent-logger';
import type { SqliteDatabaseAdapter } from './sqlite-database-adapter';

const agentId = '00000000-0000-4000-8000-00000000a001' as UUID;
const roomId = '00000000-0000-4000-8000-00000000b001' as UUID;

/** The adapter's cached reads of rooms, worlds, entities and participants never go stale. */
describe('cached graph reads through the adapter', () => {
  let dir: string;
  let adapter: SqliteDatabaseAdapter;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-graph-adapter-'));
    adapter = createDatabaseAdapter({ dataDir: dir, logger: silentLogger() }, agentId);
    await adapter.init();
    await adapter.createAgent({ id: agentId, name: 'Ada' });
    await adapter.createRooms([{ id: roomId, name: 'lobby', source: 'test', type: 'GROUP' as never }]);
  });

  afterEach(async () => {
    await adapter.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sees changes made through the adapter and through plugin SQL on runtime.db', async () => {
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('lobby');
    await adapter.updateRoom({ id: roomId, name: 'hall', source: 'test', type: 'GROUP' as never });
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('hall');
    adapter.db.update(rooms).set({ name: 'attic' }).where(eq(rooms.id, roomId)).run();
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('attic');
  });

  it('hands out objects the caller may change without changing the next read', async () => {
    const [room] = await adapter.getRoomsByIds([roomId]);
    room.name = 'scribbled on';
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('lobby');
  });

  it('sees a change committed by another process', async () => {
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('lobby');
    const code = `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(path.join(dir, 'kith.db'))});
      db.pragma('busy_timeout = 5000');
      db.prepare('UPDATE rooms SET name = ? WHERE id = ?').run('renamed by another process', ${JSON.stringify(roomId)});
      db.close();`;
    const child = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect((await adapter.getRoomsByIds([roomId]))[0]?.name).toBe('renamed by another process');
  });
});
