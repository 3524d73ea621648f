import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { createDatabaseAdapter } from './create-database-adapter';
import type { PgDatabaseAdapter } from './pg/pg-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
import { silentLogger } from './testing/silent-logger';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

type Adapter = SqliteDatabaseAdapter | PgDatabaseAdapter;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-agents-'));
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('agents');
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Two agents' adapters on one database of the dialect, and how to read an agent's stored dimension. */
const DIALECTS: [
  name: string,
  open: () => [Adapter, Adapter],
  storedDimension: (adapter: Adapter) => Promise<number | null>,
][] = [
  [
    'SQLite',
    () => {
      const filename = `${randomUuid()}.db`;
      return [
        createDatabaseAdapter({ dataDir: dir, filename }, randomUuid()),
        createDatabaseAdapter({ dataDir: dir, filename }, randomUuid()),
      ];
    },
    async (adapter) => {
      const sqlite = (await adapter.getConnection()) as {
        prepare(sql: string): { get(id: string): { d: number | null } };
      };
      return sqlite.prepare('SELECT embedding_dimension AS d FROM agents WHERE id = ?').get(adapter.agentId).d;
    },
  ],
  [
    'PostgreSQL',
    () => [
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
    ],
    async (adapter) => {
      const pool = (await adapter.getConnection()) as {
        query(sql: string, values: unknown[]): Promise<{ rows: { d: number | null }[] }>;
      };
      return (await pool.query('SELECT embedding_dimension AS d FROM agents WHERE id = $1', [adapter.agentId])).rows[0]
        .d;
    },
  ],
];

describe.each(DIALECTS)('agents sharing one %s database', (_dialect, open, storedDimension) => {
  let alice: Adapter;
  let bob: Adapter;

  beforeEach(async () => {
    [alice, bob] = open();
    await alice.init();
    await bob.init();
  });

  afterEach(async () => {
    await alice.close();
    await bob.close();
  });

  it('keep their inboxes and replies apart: the same message id is a new message to each agent', async () => {
    const [room, messageId, key] = [randomUuid(), randomUuid(), randomUuid()];
    const body = { id: messageId, text: 'to both' };
    expect(await alice.acceptInbound({ messageId, roomId: room, body })).toMatchObject({ created: true });
    expect(await bob.acceptInbound({ messageId, roomId: room, body })).toMatchObject({ created: true });
    expect(await alice.markInboundAnswered(messageId)).toBe(true);
    expect((await alice.getPendingInbound()).map((e) => e.messageId)).toEqual([]);
    expect((await bob.getPendingInbound({ roomId: room })).map((e) => e.messageId)).toEqual([messageId]);

    await alice.createMemory(
      { entityId: alice.agentId, roomId: room, content: { text: 'alice answers', inReplyTo: key } },
      'messages',
    );
    expect(await bob.getRepliesTo(key)).toEqual([]);
    expect((await alice.getRepliesTo(key)).map((m) => m.content.text)).toEqual(['alice answers']);
  });

  it('keep their memories, searches, cache, worlds and tasks apart', async () => {
    const room = randomUuid();
    const embedding = unitVector(1);
    await alice.createMemory(
      { entityId: randomUuid(), roomId: room, content: { text: 'alice knows' }, embedding },
      'facts',
    );
    expect(await bob.getMemories({ tableName: 'facts', roomId: room })).toEqual([]);
    expect(await bob.countMemories(room)).toBe(0);
    expect(await bob.searchMemories({ tableName: 'facts', embedding })).toEqual([]);
    expect((await alice.searchMemories({ tableName: 'facts', embedding })).length).toBe(1);
    expect((await bob.getMemories({ tableName: 'facts', roomId: room, agentId: alice.agentId })).length).toBe(1);

    await alice.setCache('k', 'a');
    expect(await bob.getCache('k')).toBeUndefined();
    await alice.createWorld({ id: randomUuid(), agentId: alice.agentId, name: 'A' });
    expect(await bob.getAllWorlds()).toEqual([]);
    await alice.createTask({ name: 't', description: 'd', tags: [] });
    expect(await bob.getTasksByName('t')).toEqual([]);
  });

  it('may use different embedding dimensions', async () => {
    await alice.ensureEmbeddingDimension(384);
    await bob.ensureEmbeddingDimension(768);
    const room = randomUuid();
    await alice.createMemory(
      { entityId: randomUuid(), roomId: room, content: { text: 'a' }, embedding: unitVector(1, 384) },
      'facts',
    );
    await bob.createMemory(
      { entityId: randomUuid(), roomId: room, content: { text: 'b' }, embedding: unitVector(1, 768) },
      'facts',
    );
    expect((await bob.searchMemories({ tableName: 'facts', embedding: unitVector(1, 768) }))[0]?.content.text).toBe(
      'b',
    );
  });

  it('deleting one agent leaves the other untouched', async () => {
    await alice.createAgent({ id: alice.agentId, name: 'Alice', bio: 'a' });
    await bob.createAgent({ id: bob.agentId, name: 'Bob', bio: 'b' });
    const room = randomUuid();
    await alice.createMemory(
      { entityId: randomUuid(), roomId: room, content: { text: 'a' }, embedding: unitVector(2) },
      'facts',
    );
    await bob.createMemory(
      { entityId: randomUuid(), roomId: room, content: { text: 'b' }, embedding: unitVector(3) },
      'facts',
    );
    expect(await alice.deleteAgent(alice.agentId)).toBe(true);
    expect(await alice.countMemories(room)).toBe(0);
    expect(await bob.countMemories(room)).toBe(1);
    expect((await bob.searchMemories({ tableName: 'facts', embedding: unitVector(3) })).length).toBe(1);
    expect(await bob.getAgent(bob.agentId)).not.toBeNull();
  });

  it('persists a dimension fixed before the agent row exists', async () => {
    await alice.ensureEmbeddingDimension(1536);
    await alice.createAgent({ id: alice.agentId, name: 'Alice', bio: 'a' });
    expect(await storedDimension(alice)).toBe(1536);
  });
});
