import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { randomUuid, type Memory, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { SqliteConnection } from '../connection/sqlite-connection';
import { createDatabaseAdapter } from '../../create-database-adapter';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { silentLogger } from '../../testing/silent-logger';
import { RECENT_CAPACITY } from './recent-memories';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-recent-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;

describe('recent memories of a room', () => {
  let adapter: SqliteDatabaseAdapter;
  let agentId: UUID;
  let roomId: UUID;
  let file: string;
  let reads: jest.SpyInstance;
  let at: number;

  /** Memory reads that reached SQLite. */
  const fileReads = () => reads.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT m.seq')).length;
  const texts = (memories: Memory[]) => memories.map((m) => m.content.text);
  const store = (text: string, extra: Partial<Memory> = {}) =>
    adapter.createMemory(
      { id: randomUuid(), entityId: agentId, roomId, content: { text }, createdAt: (at += 10), ...extra },
      'messages',
    );
  const recent = (count = 3) => adapter.getMemories({ tableName: 'messages', roomId, count });

  beforeEach(async () => {
    agentId = randomUuid();
    roomId = randomUuid();
    at = 1_000;
    file = `recent-${n++}.db`;
    adapter = createDatabaseAdapter({ dataDir: dir, filename: file, logger: silentLogger() }, agentId);
    await adapter.init();
    for (const text of ['one', 'two', 'three']) await store(text);
    reads = jest.spyOn(SqliteConnection.prototype, 'tuples');
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await adapter.close();
  });

  it('answers a repeated read from memory, with objects each caller owns', async () => {
    const first = await recent();
    first[0].content.text = 'changed by a caller';
    const second = await recent(2);
    expect(texts(second)).toEqual(['three', 'two']);
    expect(fileReads()).toBe(1);
  });

  it('gives every read its own copies of nested content and metadata', async () => {
    await adapter.createMemory(
      {
        id: randomUuid(),
        entityId: agentId,
        roomId,
        content: { text: 'four', actions: ['REPLY'], extra: { tags: ['a'] } },
        metadata: { type: 'message', source: 'test' },
        createdAt: (at += 10),
      },
      'messages',
    );
    const [first] = await recent(1);
    (first.content.actions as string[]).push('IGNORE');
    (first.content.extra as { tags: string[] }).tags[0] = 'changed';
    (first.metadata as Record<string, unknown>).source = 'changed';
    const [second] = await recent(1);
    expect(second.content).toEqual({ text: 'four', actions: ['REPLY'], extra: { tags: ['a'] } });
    expect(second.metadata).toEqual({ type: 'message', source: 'test' });
    expect(second.content.actions).not.toBe(first.content.actions);
    expect(fileReads()).toBe(1);
  });

  it('adds the memories this connection stores without reading the room again, newest first', async () => {
    await recent();
    await store('four');
    await Promise.all([store('six', { createdAt: 9_000 }), store('five', { createdAt: 8_000 })]);
    expect(texts(await recent(5))).toEqual(['six', 'five', 'four', 'three', 'two']);
    expect(fileReads()).toBe(1);
  });

  it('places a memory stored with an older time where the file would', async () => {
    await recent(10);
    await store('early', { createdAt: 1 });
    expect(texts(await recent(10))).toEqual(['three', 'two', 'one', 'early']);
    expect(fileReads()).toBe(1);
  });

  it('reads again for more rows than it holds, and never holds more than its capacity', async () => {
    await recent(2);
    expect(texts(await recent(3))).toEqual(['three', 'two', 'one']);
    expect(fileReads()).toBe(2);
    for (let i = 0; i < RECENT_CAPACITY + 5; i++) await store(`extra ${i}`);
    expect(await recent(RECENT_CAPACITY)).toHaveLength(RECENT_CAPACITY);
    expect((await adapter.getMemories({ tableName: 'messages', roomId, count: RECENT_CAPACITY + 1 })).length).toBe(
      RECENT_CAPACITY + 1,
    );
  });

  it('shows a vector stored later as the memory embedding', async () => {
    const [newest] = await recent(1);
    expect(newest.embedding).toBeUndefined();
    expect(await adapter.updateMemory({ id: newest.id!, embedding: unitVector(3) })).toBe(true);
    const [again] = await recent(1);
    expect(again.embedding).toHaveLength(unitVector(3).length);
    expect(fileReads()).toBe(1);
  });

  it('sees updates and deletes', async () => {
    const [newest, middle] = await recent();
    await adapter.updateMemory({ id: newest.id!, content: { text: 'three, edited' } });
    expect(texts(await recent())).toEqual(['three, edited', 'two', 'one']);
    await adapter.deleteMemory(middle.id!);
    expect(texts(await recent())).toEqual(['three, edited', 'one']);
  });

  it('sees rows plugin SQL writes through runtime.db, alone or in a transaction', async () => {
    await recent();
    const sqlite = await adapter.getConnection();
    const insert = sqlite.prepare(
      `INSERT INTO memories (id, agent_id, type, entity_id, room_id, content, metadata, created_at)
       VALUES (?, ?, 'messages', ?, ?, json_object('text', ?), '{}', ?)`,
    );
    insert.run(randomUuid(), agentId, agentId, roomId, 'by plugin', (at += 10));
    expect(texts(await recent(1))).toEqual(['by plugin']);
    sqlite.transaction(() =>
      insert.run(randomUuid(), agentId, agentId, roomId, 'by plugin, in a transaction', (at += 10)),
    )();
    expect(texts(await recent(1))).toEqual(['by plugin, in a transaction']);
    // A rolled-back plugin transaction leaves nothing behind either.
    expect(() =>
      sqlite.transaction(() => {
        insert.run(randomUuid(), agentId, agentId, roomId, 'rolled back', (at += 10));
        throw new Error('plugin gave up');
      })(),
    ).toThrow('plugin gave up');
    expect(texts(await recent(1))).toEqual(['by plugin, in a transaction']);
  });

  it('sees a row plugin SQL inserted even when this connection stores one before the next read', async () => {
    await recent();
    const sqlite = await adapter.getConnection();
    sqlite
      .prepare(
        `INSERT INTO memories (id, agent_id, type, entity_id, room_id, content, metadata, created_at) VALUES (?, ?, 'messages', ?, ?, json_object('text', 'by plugin'), '{}', ?)`,
      )
      .run(randomUuid(), agentId, agentId, roomId, (at += 10));
    await store('mine');
    expect(texts(await recent(3))).toEqual(['mine', 'by plugin', 'three']);
  });

  it('forgets what the adapter wrote inside a transaction that plugin SQL began and rolled back', async () => {
    await recent();
    const sqlite = await adapter.getConnection();
    sqlite.exec('BEGIN');
    await store('inside a plugin transaction');
    sqlite.exec('ROLLBACK');
    expect(texts(await recent())).toEqual(['three', 'two', 'one']);
    await store('four');
    expect(texts(await recent())).toEqual(['four', 'three', 'two']);
  });

  it('sees what another process commits', async () => {
    await recent();
    const other = new Database(path.join(dir, file));
    try {
      other.pragma('busy_timeout = 5000');
      other
        .prepare("UPDATE memories SET content = ? WHERE json_extract(content, '$.text') = ?")
        .run(JSON.stringify({ text: 'two, from elsewhere' }), 'two');
    } finally {
      other.close();
    }
    expect(texts(await recent())).toEqual(['three', 'two, from elsewhere', 'one']);
  });

  it('keeps no trace of a memory whose write failed in a group commit', async () => {
    await recent();
    const outcomes = await Promise.allSettled([
      store('kept'),
      store('broken', { entityId: undefined as unknown as UUID }), // NOT NULL entity_id
      store('also kept'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(texts(await recent(4))).toEqual(['also kept', 'kept', 'three', 'two']);
  });

  it('keeps agents and tables apart', async () => {
    await recent();
    await adapter.createMemory(
      { id: randomUuid(), entityId: agentId, roomId, content: { text: 'a fact' }, createdAt: (at += 10) },
      'facts',
    );
    await adapter.createMemory(
      {
        id: randomUuid(),
        entityId: agentId,
        agentId: randomUuid(),
        roomId,
        content: { text: 'another agent' },
        createdAt: (at += 10),
      },
      'messages',
    );
    expect(texts(await recent())).toEqual(['three', 'two', 'one']);
    expect(texts(await adapter.getMemories({ tableName: 'facts', roomId, count: 5 }))).toEqual(['a fact']);
  });
});
