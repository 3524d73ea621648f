import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid, type Memory, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { SqliteConnection } from './connection/sqlite-connection';
import { DEFAULT_DEFER_MS, DEFAULT_RIDE_ALONG_AT } from './connection/write-batcher';
import { createDatabaseAdapter } from '../create-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite-database-adapter';
import { silentLogger } from '../testing/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-batch-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function open(): Promise<{ adapter: SqliteDatabaseAdapter; agentId: UUID }> {
  const agentId = randomUuid();
  const adapter = createDatabaseAdapter({ dataDir: dir, filename: `batch-${n++}.db`, logger: silentLogger() }, agentId);
  await adapter.init();
  return { adapter, agentId };
}

function message(agentId: UUID, roomId: UUID, i: number, extra: Partial<Memory> = {}): Memory {
  return {
    id: randomUuid(),
    entityId: agentId,
    roomId,
    content: { text: `message ${i}` },
    embedding: unitVector(i + 1),
    ...extra,
  };
}

describe('group commit', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('commits concurrent createMemory calls in one transaction', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    await adapter.createMemory(message(agentId, room, 0), 'messages'); // sets the agent's dimension
    const run = jest.spyOn(SqliteConnection.prototype, 'run');
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) => adapter.createMemory(message(agentId, room, i + 1), 'messages')),
    );
    const begins = run.mock.calls.filter(([sql]) => sql === 'BEGIN IMMEDIATE').length;
    expect(begins).toBe(1);
    expect((await adapter.getMemoriesByIds(ids)).length).toBe(50);
    expect(await adapter.countMemories(room)).toBe(51);
    await adapter.close();
  });

  it('lets log records wait for a commit to ride along with, and shows them to a reader of logs at once', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    // Only setTimeout is faked: the 25 ms limit on waiting must not run out on a slow machine mid-test.
    jest.useFakeTimers({
      doNotFake: [
        'setImmediate',
        'nextTick',
        'queueMicrotask',
        'Date',
        'performance',
        'hrtime',
        'setInterval',
        'clearInterval',
      ],
    });
    const run = jest.spyOn(SqliteConnection.prototype, 'run');
    const begins = () => run.mock.calls.filter(([sql]) => sql === 'BEGIN IMMEDIATE').length;
    const logs = Array.from({ length: DEFAULT_RIDE_ALONG_AT - 1 }, (_, i) =>
      adapter.log({ body: { runId: `r${i}` }, entityId: agentId, roomId: room, type: 'run_event' }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(begins()).toBe(0);
    // Too few waiting to be worth the pages they would add: the memory commits alone.
    await adapter.createMemory(message(agentId, room, 0), 'messages');
    expect(begins()).toBe(1);
    logs.push(adapter.log({ body: { runId: 'last' }, entityId: agentId, roomId: room, type: 'run_event' }));
    await adapter.createMemory(message(agentId, room, 1), 'messages');
    await Promise.all(logs);
    // Enough of them now: all ride along with the next memory's commit.
    expect(begins()).toBe(2);

    const unawaited = adapter.log({ body: { runId: 'r2b' }, entityId: agentId, roomId: room, type: 'run_event' });
    expect((await adapter.getLogs({ type: 'run_event', count: 2 })).map((l) => l.body.runId)).toEqual(['r2b', 'last']);
    await unawaited;

    // Alone, a record commits once its wait is over.
    const late = adapter.log({ body: { runId: 'late' }, entityId: agentId, roomId: room, type: 'run_event' });
    jest.advanceTimersByTime(DEFAULT_DEFER_MS);
    await late;
    expect(begins()).toBe(4);
    jest.useRealTimers();
    await adapter.close();
  });

  it('rejects only the memory that cannot be stored', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    const broken = message(agentId, room, 2, { entityId: undefined as unknown as UUID }); // NOT NULL entity_id
    const outcomes = await Promise.allSettled([
      adapter.createMemory(message(agentId, room, 1), 'messages'),
      adapter.createMemory(broken, 'messages'),
      adapter.createMemory(message(agentId, room, 3), 'messages'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await adapter.countMemories(room)).toBe(2);
    // The vectors of the two stored memories are searchable, the rejected one left no trace.
    const hits = await adapter.searchMemories({ tableName: 'messages', embedding: unitVector(2), count: 5 });
    expect(hits.map((m) => m.content.text).sort()).toEqual(['message 1', 'message 3']);
    await adapter.close();
  });

  it('stores one row for the same id written twice in one batch, and flags the near duplicate', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    const first = message(agentId, room, 7);
    const twin = { ...first, id: randomUuid() };
    const [a, b, c] = await Promise.all([
      adapter.createMemory(first, 'messages'),
      adapter.createMemory(first, 'messages'),
      adapter.createMemory(twin, 'messages'),
    ]);
    expect(a).toBe(first.id);
    expect(b).toBe(first.id);
    expect(await adapter.countMemories(room)).toBe(2);
    expect((await adapter.getMemoryById(c))?.unique).toBe(false);
    expect((await adapter.getMemoryById(a))?.unique).toBe(true);
    await adapter.close();
  });

  it('lets any other call see writes still queued', async () => {
    const { adapter, agentId } = await open();
    const memory = message(agentId, randomUuid(), 1);
    const pending = adapter.createMemory(memory, 'messages');
    expect((await adapter.getMemoryById(memory.id as UUID))?.content.text).toBe('message 1');
    await pending;
    await adapter.close();
  });
});
