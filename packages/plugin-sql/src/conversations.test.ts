import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ChannelType, randomUuid, type UUID } from '@kith/core';
import { createDatabaseAdapter } from './create-database-adapter';
import type { PgDatabaseAdapter } from './pg/pg-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
import { silentLogger } from './testing/silent-logger';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

type Adapter = SqliteDatabaseAdapter | PgDatabaseAdapter;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-conversations-'));
let database: TestDatabase;
let pglite: PGlite;
beforeAll(async () => {
  database = await createTestDatabase('conversations');
  pglite = await PGlite.create();
});
afterAll(async () => {
  await database.drop();
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const DIALECTS: [name: string, open: (agentId: UUID) => Adapter][] = [
  [
    'SQLite',
    (agentId) => createDatabaseAdapter({ dataDir: dir, filename: `${agentId}.db`, logger: silentLogger() }, agentId),
  ],
  ['PostgreSQL', (agentId) => createDatabaseAdapter({ url: database.url, logger: silentLogger() }, agentId)],
  ['PGlite', (agentId) => createDatabaseAdapter({ pglite, logger: silentLogger() }, agentId)],
];

describe.each(DIALECTS)('listConversations on %s', (_name, open) => {
  it("lists the agent's rooms with participants' names and the last message, newest first", async () => {
    const agentId = randomUuid();
    const db = open(agentId);
    await db.init();
    try {
      await db.createAgent({ id: agentId, name: 'Mira', bio: '', createdAt: 1, updatedAt: 1 });
      const [ada, bob] = [randomUuid(), randomUuid()];
      const worldId = randomUuid();
      await db.createWorld({ id: worldId, agentId, name: 'w', messageServerId: randomUuid() });
      await db.createEntities([
        { id: agentId, agentId, names: ['Mira'] },
        { id: ada, agentId, names: ['Ada', 'ada'] },
        { id: bob, agentId, names: ['Bob'] },
      ]);
      const [withAda, withBob, empty] = [randomUuid(), randomUuid(), randomUuid()];
      for (const roomId of [withAda, withBob, empty])
        await db.createRooms([{ id: roomId, agentId, name: 'dm', source: 'web', type: ChannelType.DM, worldId }]);
      await db.addParticipantsRoom([agentId, ada], withAda);
      await db.addParticipantsRoom([agentId, bob], withBob);
      await db.addParticipantsRoom([agentId], empty);
      const say = (roomId: UUID, entityId: UUID, text: string, createdAt: number) =>
        db.createMemory({ id: randomUuid(), agentId, entityId, roomId, content: { text }, createdAt }, 'messages');
      const now = Date.now() + 60_000; // after the rooms were made: a room without messages sorts by its own time
      await say(withAda, ada, 'hello', now - 5000);
      await say(withAda, agentId, 'hi Ada', now - 4000);
      await say(withBob, bob, 'hey', now - 3000);
      await say(withAda, ada, 'bye', now - 100_000); // older than the last, stored later

      const conversations = await db.listConversations(10);
      const mine = conversations.filter((c) => [withAda, withBob, empty].includes(c.roomId));
      expect(mine.map((c) => c.roomId).slice(0, 2)).toEqual([withBob, withAda]);
      expect(mine[1].lastMessage).toEqual({ text: 'hi Ada', at: now - 4000, entityId: agentId });
      expect(mine[1].participants.map((p) => p.name).sort()).toEqual(['Ada', 'Mira']);
      expect(mine[2]).toMatchObject({ roomId: empty, lastMessage: null });
      expect(await db.listConversations(1)).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
