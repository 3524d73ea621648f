// What the inbox costs on PostgreSQL and how it meets the caches. Its behaviour (InboxStore,
// getRepliesTo) is core's contract suite's (describeInbox, describeReplies), run on both dialects.
import { EmbeddingDimensionMismatchError, type Memory, randomUuid, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../../testing/silent-logger';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PgDatabaseAdapter } from '../pg-database-adapter';

let database: TestDatabase;
let adapter: PgDatabaseAdapter;
const id = (): UUID => randomUuid();

beforeAll(async () => {
  database = await createTestDatabase('inbox');
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  adapter = new PgDatabaseAdapter(id(), { url: database.url, logger: silentLogger() });
  await adapter.init();
});
afterEach(async () => {
  await adapter.close();
});

const busBody = (messageId: UUID, roomId: UUID, text = 'hello') => ({ id: messageId, channelId: roomId, text });
const memoryOf = (roomId: UUID, text: string, extra: Partial<Memory> = {}): Memory => ({
  id: id(),
  entityId: id(),
  roomId,
  content: { text },
  createdAt: 1000,
  ...extra,
});

describe('the inbox on PostgreSQL', () => {
  it('accepts a message with its memory in one round trip, and a loaded room has the memory without reading again', async () => {
    const [messageId, room] = [id(), id()];
    expect(await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).toEqual([]);
    const trips = adapter.roundTrips;
    await adapter.acceptInbound({ messageId, roomId: room, body: busBody(messageId, room) }, memoryOf(room, 'hello'));
    expect(adapter.roundTrips - trips).toBe(1);
    expect(
      (await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).map((m) => m.content.text),
    ).toEqual(['hello']);
    expect(adapter.roundTrips - trips).toBe(1);
  });

  it('answers an entry in the batch of the reply written in the same turn', async () => {
    const [messageId, room] = [id(), id()];
    await adapter.acceptInbound({ messageId, roomId: room, body: busBody(messageId, room) });
    const trips = adapter.roundTrips;
    const [, answered, repeated] = await Promise.all([
      adapter.createMemory(
        memoryOf(room, 'the reply', { content: { text: 'the reply', inReplyTo: messageId } }),
        'messages',
      ),
      adapter.markInboundAnswered(messageId),
      adapter.markInboundAnswered(messageId),
    ]);
    expect([answered, repeated]).toEqual([true, false]);
    expect(adapter.roundTrips - trips).toBe(1);
  });

  it("checks an accepted memory's vector as createMemory does, and finds it by vector", async () => {
    const room = id();
    const first = id();
    await adapter.acceptInbound(
      { messageId: first, roomId: room, body: busBody(first, room) },
      memoryOf(room, 'with a vector', { embedding: unitVector(3) }),
    );
    const found = await adapter.searchMemories({
      tableName: 'messages',
      embedding: unitVector(3),
      roomId: room,
      count: 1,
    });
    expect(found.map((m) => m.content.text)).toEqual(['with a vector']);

    const second = id();
    const wrongSize = { messageId: second, roomId: room, body: busBody(second, room) };
    await expect(
      adapter.acceptInbound(wrongSize, memoryOf(room, 'too short', { embedding: [1, 0, 0] })),
    ).rejects.toBeInstanceOf(EmbeddingDimensionMismatchError);
    expect((await adapter.getPendingInbound()).map((e) => e.messageId)).toEqual([first]);
  });
});
