import { randomUuid, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../../test-support/silent-logger';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PgDatabaseAdapter } from '../pg-database-adapter';

let database: TestDatabase;
let adapter: PgDatabaseAdapter;
const agentId = randomUuid();

beforeAll(async () => {
  database = await createTestDatabase('write_queue');
  adapter = new PgDatabaseAdapter(agentId, { url: database.url, logger: silentLogger() });
  await adapter.init();
});
afterAll(async () => {
  await adapter.close();
  await database.drop();
});

const queue = () => (adapter as unknown as { session: { ctx: { conn: { writes: { batches: number } } } } }).session.ctx.conn.writes;

describe('batched writes on PostgreSQL', () => {
  it('sends writes of one turn of the event loop as one statement (one round trip)', async () => {
    const room = randomUuid();
    const batches = queue().batches;
    const trips = adapter.roundTrips;
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adapter.createMemory({ entityId: agentId, roomId: room, content: { text: `m${i}` } }, 'messages')),
    );
    await Promise.all(Array.from({ length: 5 }, (_, i) => adapter.log({ body: { i }, entityId: agentId, roomId: room, type: 'note' })));
    expect(queue().batches - batches).toBeLessThanOrEqual(2);
    expect(adapter.roundTrips - trips).toBeLessThanOrEqual(2);
    expect(new Set(ids).size).toBe(20);
    expect(await adapter.countMemories(room)).toBe(20);
  });

  it('lets a read issued in the same turn see writes not yet committed (with and without a vector)', async () => {
    const room = randomUuid();
    void adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'plain' }, createdAt: 1 }, 'messages');
    void adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'with vector' }, embedding: unitVector(5), createdAt: 2 }, 'messages');
    const read = await adapter.getMemories({ tableName: 'messages', roomId: room, count: 10 });
    expect(read.map((m) => m.content.text)).toEqual(['with vector', 'plain']);
  });

  it('rejects only the write that fails, the others of its batch are stored', async () => {
    const room = randomUuid();
    const results = await Promise.allSettled([
      adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'good one' } }, 'messages'),
      // A NUL character cannot be stored in PostgreSQL text: this row fails the statement.
      adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'bad \u0000 one' } }, 'messages'),
      adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'good two' } }, 'messages'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const texts = (await adapter.getMemories({ tableName: 'messages', roomId: room })).map((m) => m.content.text).sort();
    expect(texts).toEqual(['good one', 'good two']);
  });

  it('stores a vector for a memory written in the same batch (it waits for the next one)', async () => {
    const room = randomUuid();
    const id = randomUuid() as UUID;
    const [, updated] = await Promise.all([
      adapter.createMemory({ id, entityId: agentId, roomId: room, content: { text: 'fresh' } }, 'facts'),
      adapter.updateMemory({ id, embedding: unitVector(9) }),
    ]);
    expect(updated).toBe(true);
    const [hit] = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(9), count: 1, roomId: room });
    expect(hit?.id).toBe(id);
  });
});
