import { randomUuid, type UUID } from '@kith/core';
import { eq } from 'drizzle-orm';
import { unitVector } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../testing/silent-logger';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { acquirePgConnection, releasePgConnection } from './connection/pg-connection';
import { PgDatabaseAdapter } from './pg-database-adapter';
import { resolvePgSettings } from './pg-adapter-options';
import * as pgSchema from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('shared');
});
afterAll(async () => {
  await database.drop();
});

/** A URL of its own makes a pool, change feed and caches of its own: another process, as far as the adapter can tell. */
const urlFor = (name: string): string => `${database.url}?application_name=${name}`;

/** Resolves once `adapter` has heard `count` more change notifications than it had at the call. */
async function notified(adapter: PgDatabaseAdapter, action: () => Promise<unknown>, count = 1): Promise<void> {
  const feed = (adapter as unknown as { session: { ctx: { conn: { feed: { received: number } } } } }).session.ctx.conn
    .feed;
  const before = feed.received;
  await action();
  while (feed.received < before + count) await new Promise((resolve) => setImmediate(resolve));
  // A late notification of an earlier write can make up the count: the fence makes sure this action's was heard too.
  await adapter.syncChanges();
}

describe('two adapters on one database (two processes)', () => {
  let a: PgDatabaseAdapter;
  let b: PgDatabaseAdapter;
  const agentId = randomUuid();
  const room = randomUuid();
  const user = randomUuid();
  const world = randomUuid();

  beforeAll(async () => {
    a = new PgDatabaseAdapter(agentId, { url: urlFor('server_a'), logger: silentLogger() });
    b = new PgDatabaseAdapter(agentId, { url: urlFor('server_b'), logger: silentLogger() });
    await Promise.all([a.init(), b.init()]);
    await a.createAgent({ id: agentId, name: 'Ada', bio: 'x' });
    await a.createWorld({ id: world, agentId, name: 'World' });
    await a.createRooms([{ id: room, source: 'test', type: 'DM' as never, worldId: world, name: 'before' }]);
    await a.createEntities([{ id: user, names: ['Bea'], agentId }]);
    await a.addParticipantsRoom([user], room);
  });

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("sees the other's new messages in its next read of the room", async () => {
    await b.getMemories({ tableName: 'messages', roomId: room, count: 10 }); // cached now
    await notified(b, () => a.createMemory({ entityId: user, roomId: room, content: { text: 'from a' } }, 'messages'));
    expect(
      (await b.getMemories({ tableName: 'messages', roomId: room, count: 10 })).map((m) => m.content.text),
    ).toEqual(['from a']);
    // And its own writes keep its cache current without reading the room again.
    await b.createMemory(
      { entityId: user, roomId: room, content: { text: 'from b' }, createdAt: Date.now() + 1 },
      'messages',
    );
    const before = b.roundTrips;
    expect(
      (await b.getMemories({ tableName: 'messages', roomId: room, count: 10 })).map((m) => m.content.text),
    ).toEqual(['from b', 'from a']);
    expect(b.roundTrips).toBe(before);
  });

  it("sees the other's updates and deletes of messages", async () => {
    const id = await a.createMemory(
      { entityId: user, roomId: room, content: { text: 'draft' }, createdAt: Date.now() + 5 },
      'messages',
    );
    await notified(b, () => b.syncChanges(), 0);
    expect((await b.getMemories({ tableName: 'messages', roomId: room, count: 1 }))[0].content.text).toBe('draft');
    await notified(b, () => a.updateMemory({ id, content: { text: 'final' } }));
    expect((await b.getMemories({ tableName: 'messages', roomId: room, count: 1 }))[0].content.text).toBe('final');
    await notified(b, () => a.deleteMemory(id));
    expect((await b.getMemories({ tableName: 'messages', roomId: room, count: 10 })).map((m) => m.id)).not.toContain(
      id,
    );
  });

  it("sees the other's changes to rooms, worlds, entities and participant state", async () => {
    const read = async () => ({
      room: (await b.getRoomsByIds([room]))[0]?.name,
      world: (await b.getWorld(world))?.name,
      worlds: (await b.getAllWorlds()).map((w) => w.name),
      entity: (await b.getEntitiesForRoom(room))[0]?.names,
      state: await b.getParticipantUserState(room, user),
    });
    expect(await read()).toEqual({ room: 'before', world: 'World', worlds: ['World'], entity: ['Bea'], state: null });
    const cachedTrips = b.roundTrips;
    await read();
    expect(b.roundTrips).toBe(cachedTrips); // all five from memory
    await notified(b, () =>
      a.updateRoom({ id: room, source: 'test', type: 'DM' as never, worldId: world, name: 'after' }),
    );
    await notified(b, () => a.updateWorld({ id: world, agentId, name: 'Renamed' }));
    await notified(b, () => a.updateEntity({ id: user, names: ['Bea', 'B'], agentId }));
    await notified(b, () => a.setParticipantUserState(room, user, 'MUTED'));
    expect(await read()).toEqual({
      room: 'after',
      world: 'Renamed',
      worlds: ['Renamed'],
      entity: ['Bea', 'B'],
      state: 'MUTED',
    });
  });

  it("finds the other's new vectors and forgets its deleted ones (in-process index)", async () => {
    const query = unitVector(42);
    const other = await a.createMemory(
      { entityId: user, roomId: room, content: { text: 'other' }, embedding: unitVector(43) },
      'facts',
      true,
    );
    expect((await b.searchMemories({ tableName: 'facts', embedding: query, count: 5 })).map((m) => m.id)).toEqual([
      other,
    ]); // loaded
    let near: UUID | undefined;
    await notified(b, async () => {
      near = await a.createMemory(
        { entityId: user, roomId: room, content: { text: 'near' }, embedding: query },
        'facts',
        true,
      );
    });
    expect((await b.searchMemories({ tableName: 'facts', embedding: query, count: 1 }))[0]?.id).toBe(near);
    await notified(b, () => a.deleteMemory(near as UUID));
    expect((await b.searchMemories({ tableName: 'facts', embedding: query, count: 5 })).map((m) => m.id)).toEqual([
      other,
    ]);
  });

  it("sees the other's new embedding of a message (the embedding service's write)", async () => {
    const id = await a.createMemory(
      { entityId: user, roomId: room, content: { text: 'to embed' }, createdAt: Date.now() + 10 },
      'messages',
    );
    await notified(b, () => b.syncChanges(), 0);
    expect((await b.getMemories({ tableName: 'messages', roomId: room, count: 1 }))[0].embedding).toBeUndefined();
    await notified(b, () => a.updateMemory({ id, embedding: unitVector(7) }));
    const [latest] = await b.getMemories({ tableName: 'messages', roomId: room, count: 1 });
    expect(latest.embedding?.[0]).toBeCloseTo(unitVector(7)[0], 5);
  });
});

describe('plugin SQL through runtime.db', () => {
  it('reaches the cached reads of the adapter it went around', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const adapter = new PgDatabaseAdapter(agentId, { url: urlFor('plugin_sql'), logger: silentLogger() });
    await adapter.init();
    await adapter.createRooms([{ id: room, source: 'test', type: 'GROUP' as never, name: 'lobby' }]);
    await adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'hello' } }, 'messages');
    expect((await adapter.getRoomsByIds([room]))[0].name).toBe('lobby');
    expect((await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).length).toBe(1);
    await notified(adapter, () =>
      adapter.db.update(pgSchema.rooms).set({ name: 'hall' }).where(eq(pgSchema.rooms.id, room)),
    );
    await notified(adapter, () => adapter.db.delete(pgSchema.memories).where(eq(pgSchema.memories.roomId, room)));
    expect((await adapter.getRoomsByIds([room]))[0].name).toBe('hall');
    expect(await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).toEqual([]);
    await adapter.close();
  });
});

describe('the connection of one process', () => {
  it('is shared by the agents on one database and closed by the last one', async () => {
    const settings = resolvePgSettings({ url: urlFor('shared_pool'), logger: silentLogger() });
    const first = await acquirePgConnection(settings);
    const second = await acquirePgConnection(settings);
    expect(second).toBe(first);
    await releasePgConnection(first);
    expect((await first.driver.query<{ one: number }>({ text: 'SELECT 1 AS one' })).rows[0].one).toBe(1);
    await releasePgConnection(second);
    await expect(first.driver.query({ text: 'SELECT 1' })).rejects.toThrow();
  });

  it('keeps at most poolMax connections and releases idle ones', async () => {
    const adapter = new PgDatabaseAdapter(randomUuid(), {
      url: urlFor('bounded_pool'),
      poolMax: 3,
      idleTimeoutMs: 50,
      logger: silentLogger(),
    });
    await adapter.init();
    const pool = (await adapter.getConnection()) as { totalCount: number; idleCount: number };
    await Promise.all(Array.from({ length: 12 }, () => adapter.countMemories(randomUuid())));
    expect(pool.totalCount).toBeLessThanOrEqual(3);
    while (pool.totalCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await adapter.countMemories(randomUuid())).toBe(0); // and opens one again when needed
    await adapter.close();
  });
});
