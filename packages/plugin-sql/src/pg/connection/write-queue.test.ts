import { randomUuid, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../../testing/silent-logger';
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

const queue = () =>
  (adapter as unknown as { session: { ctx: { conn: { writes: { batches: number } } } } }).session.ctx.conn.writes;

describe('batched writes on PostgreSQL', () => {
  it('sends writes of one turn of the event loop as one statement (one round trip)', async () => {
    const room = randomUuid();
    const batches = queue().batches;
    const trips = adapter.roundTrips;
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adapter.createMemory({ entityId: agentId, roomId: room, content: { text: `m${i}` } }, 'messages'),
      ),
    );
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => adapter.log({ body: { i }, entityId: agentId, roomId: room, type: 'note' })),
    );
    expect(queue().batches - batches).toBeLessThanOrEqual(2);
    expect(adapter.roundTrips - trips).toBeLessThanOrEqual(2);
    expect(new Set(ids).size).toBe(20);
    expect(await adapter.countMemories(room)).toBe(20);
  });

  it('lets a read issued in the same turn see writes not yet committed (with and without a vector)', async () => {
    const room = randomUuid();
    void adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'plain' }, createdAt: 1 },
      'messages',
    );
    void adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'with vector' }, embedding: unitVector(5), createdAt: 2 },
      'messages',
    );
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
    const texts = (await adapter.getMemories({ tableName: 'messages', roomId: room }))
      .map((m) => m.content.text)
      .sort();
    expect(texts).toEqual(['good one', 'good two']);
  });

  it('stores a vector for a memory written in the same batch (it waits for the next one)', async () => {
    const room = randomUuid();
    const id = randomUuid();
    const [, updated] = await Promise.all([
      adapter.createMemory({ id, entityId: agentId, roomId: room, content: { text: 'fresh' } }, 'facts'),
      adapter.updateMemory({ id, embedding: unitVector(9) }),
    ]);
    expect(updated).toBe(true);
    const [hit] = await adapter.searchMemories({
      tableName: 'facts',
      embedding: unitVector(9),
      count: 1,
      roomId: room,
    });
    expect(hit?.id).toBe(id);
  });

  it('accepts inbound messages of one turn of the event loop in one statement, a memory only for a new entry', async () => {
    const room = randomUuid();
    const messages = Array.from({ length: 10 }, () => randomUuid());
    const memory = (messageId: UUID, i: number) => ({
      id: randomUuid(),
      entityId: agentId,
      roomId: room,
      content: { text: `inbound ${i}` },
      createdAt: i + 1,
      metadata: { messageId },
    });
    const trips = adapter.roundTrips;
    const accepted = await Promise.all(
      messages.map((messageId, i) =>
        adapter.acceptInbound({ messageId, roomId: room, body: { text: `inbound ${i}` } }, memory(messageId, i)),
      ),
    );
    expect(adapter.roundTrips - trips).toBe(1);
    expect(accepted.map((a) => [a.created, a.stored, a.entry.state])).toEqual(
      messages.map(() => [true, true, 'accepted']),
    );
    expect(accepted.map((a) => a.entry.seq)).toEqual([...accepted.map((a) => a.entry.seq)].sort((x, y) => x - y)); // arrival order
    expect(
      (await adapter.getMemories({ tableName: 'messages', roomId: room, count: 20 })).map((m) => m.content.text),
    ).toEqual(messages.map((_, i) => `inbound ${9 - i}`));

    // Again, twice in one batch and once with a vector: nothing new, the entries as they are.
    const again = await Promise.all([
      adapter.acceptInbound(
        { messageId: messages[0], roomId: room, body: { text: 'again' } },
        memory(messages[0], 100),
      ),
      adapter.acceptInbound({ messageId: messages[0], roomId: room, body: { text: 'again' } }),
      adapter.acceptInbound(
        { messageId: messages[1], roomId: room, body: { text: 'again' } },
        { ...memory(messages[1], 101), embedding: unitVector(3) },
      ),
    ]);
    expect(again.map((a) => [a.created, a.stored, a.entry.seq, a.entry.body])).toEqual([
      [false, false, accepted[0].entry.seq, { text: 'inbound 0' }],
      [false, false, accepted[0].entry.seq, { text: 'inbound 0' }],
      [false, false, accepted[1].entry.seq, { text: 'inbound 1' }],
    ]);
    expect(await adapter.countMemories(room)).toBe(10);

    // Answered and accepted in one batch (one turn answering while the next message arrives).
    const next = randomUuid();
    const [answered, fresh] = await Promise.all([
      adapter.markInboundAnswered(messages[0]),
      adapter.acceptInbound({ messageId: next, roomId: room, body: { text: 'next' } }),
    ]);
    expect([answered, fresh.created]).toEqual([true, true]);
    expect((await adapter.getPendingInbound({ roomId: room })).map((e) => e.messageId)).toEqual([
      ...messages.slice(1),
      next,
    ]);
  });
});
