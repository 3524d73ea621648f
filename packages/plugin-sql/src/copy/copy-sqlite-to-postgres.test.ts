import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChannelType, randomUuid, type UUID } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { boolean, jsonb, pgTable, real, text as pgText, timestamp } from 'drizzle-orm/pg-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { Client } from 'pg';
import { SqlErrorCode } from '../errors';
import { modelUsage } from '../sqlite/schema';
import { PgDatabaseAdapter } from '../pg/pg-database-adapter';
import { SqliteDatabaseAdapter } from '../sqlite/sqlite-database-adapter';
import { silentLogger } from '../testing/silent-logger';
import { freePort } from '../testing/postgres-cluster';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres';

// A plugin's table as it declares it for each dialect: JSON, a flag, a time and a list, which SQLite keeps as text and integers.
const notesSqlite = sqliteTable('weather_notes', {
  id: text('id').primaryKey(),
  city: text('city').notNull(),
  details: text('details', { mode: 'json' }),
  sunny: integer('sunny', { mode: 'boolean' }).notNull(),
  seenAt: integer('seen_at', { mode: 'timestamp_ms' }),
  readings: text('readings', { mode: 'json' }),
});
const notesPg = pgTable('weather_notes', {
  id: pgText('id').primaryKey(),
  city: pgText('city').notNull(),
  details: jsonb('details'),
  sunny: boolean('sunny').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  readings: real('readings').array(),
});
// A plugin table PostgreSQL does not have.
const orphansSqlite = sqliteTable('orphans', { id: text('id').primaryKey() });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-copy-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const agentId = randomUuid();
const user = randomUuid();
const room = randomUuid();
const world = randomUuid();
const channel = randomUuid();
const MEMORIES = 2_600; // more than two batches

/** A SQLite file written through the adapter, as an agent writes it: one of everything, and many memories. */
async function writeSource(dataDir: string, id: UUID = agentId, dimension = 384): Promise<void> {
  const adapter = new SqliteDatabaseAdapter(id, { dataDir, logger: silentLogger() });
  await adapter.init();
  await adapter.createAgent({ id, name: 'Copied', bio: ['moves house'], settings: { secrets: {} } });
  await adapter.ensureEmbeddingDimension(dimension);
  await adapter.createEntities([{ id: user, agentId: id, names: ['Ada'], metadata: { likes: 'tea' } }]);
  await adapter.createComponent({
    id: randomUuid(),
    entityId: user,
    agentId: id,
    roomId: room,
    worldId: world,
    sourceEntityId: id,
    type: 'profile',
    data: { age: 36 },
    createdAt: 1,
  });
  await adapter.createWorld({ id: world, agentId: id, name: 'Home', messageServerId: randomUuid() });
  await adapter.createRooms([
    { id: room, agentId: id, name: 'dm', source: 'test', type: ChannelType.DM, worldId: world },
  ]);
  await adapter.addParticipantsRoom([user, id], room);
  await adapter.setParticipantUserState(room, user, 'FOLLOWED');
  await adapter.createRelationship({
    sourceEntityId: user,
    targetEntityId: id,
    tags: ['friend'],
    metadata: { since: 2020 },
  });
  await adapter.createTask({
    name: 'remind',
    description: 'tea at five',
    roomId: room,
    tags: ['queue'],
    metadata: { at: 5 },
  });
  await adapter.setCache('greeting', { text: 'hello' });
  await adapter.channels.createChannel({ id: channel, name: 'panel', agentIds: [id], maxAgentTurns: 4 });
  const asked = await adapter.channels.appendChannelMessage({
    id: randomUuid(),
    channelId: channel,
    authorId: user,
    authorName: 'Ada',
    authorKind: 'person',
    text: 'anyone there?',
    inReplyTo: null,
    createdAt: 1_000,
  });
  await adapter.channels.claimAgentTurn(channel, { answersPerson: true });
  await adapter.channels.appendChannelMessage({
    id: randomUuid(),
    channelId: channel,
    authorId: id,
    authorName: 'Copied',
    authorKind: 'agent',
    text: 'here',
    inReplyTo: asked.message.id,
    createdAt: 1_001,
  });
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < MEMORIES; i++) {
    writes.push(
      adapter.createMemory(
        {
          id: randomUuid(),
          entityId: i % 2 ? id : user,
          agentId: id,
          roomId: room,
          content: { text: `message number ${i} about the weather` },
          createdAt: 1_000 + i,
          embedding: i % 10 === 0 ? undefined : unitVector(i, dimension),
        },
        'messages',
        true,
      ),
    );
  }
  await Promise.all(writes);
  await adapter.log({ entityId: user, roomId: room, type: 'run_event', body: { status: 'completed' } });
  const accepted = randomUuid();
  await adapter.acceptInbound({ messageId: accepted, roomId: room, body: { text: 'answered one' } });
  await adapter.markInboundAnswered(accepted);
  await adapter.acceptInbound({ messageId: randomUuid(), roomId: room, body: { text: 'still pending' } });
  await adapter.db.insert(modelUsage).values({
    agentId: id,
    day: 20_000,
    roomId: room,
    modelType: 'TEXT_LARGE',
    provider: 'openai',
    model: 'gpt-4o-mini',
    calls: 3,
    failedCalls: 0,
    inputTokens: 1200,
    cachedInputTokens: 800,
    outputTokens: 90,
    durationMs: 2400.5,
    costUsd: 0.00042,
    unpricedCalls: 0,
  });
  await adapter.runMigrations({ notesSqlite, orphansSqlite }, 'weather');
  await adapter.db.insert(notesSqlite).values([
    {
      id: 'n1',
      city: 'Lisbon',
      details: { wind: 'calm' },
      sunny: true,
      seenAt: new Date(1_700_000_000_000),
      readings: [1.5, 2.5],
    },
    { id: 'n2', city: 'Oslo', details: null, sunny: false, seenAt: null, readings: null },
  ]);
  await adapter.db.insert(orphansSqlite).values([{ id: 'o1' }]);
  await adapter.close();
}

describe('copySqliteToPostgres', () => {
  let database: TestDatabase;
  const source = path.join(dir, 'agent');

  beforeAll(async () => {
    await writeSource(source);
    database = await createTestDatabase('copy');
    // The plugin's PostgreSQL table, as the agent's first start on PostgreSQL makes it.
    const target = new PgDatabaseAdapter(agentId, { url: database.url, logger: silentLogger() });
    await target.init();
    await target.runMigrations({ notesPg }, 'weather');
    await target.close();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  it('copies every table, vectors and the inbox included, checks the counts, and a second run copies nothing', async () => {
    const progress: string[] = [];
    const report = await copySqliteToPostgres({
      from: source,
      to: database.url,
      logger: silentLogger(),
      onProgress: (p) => progress.push(`${p.phase}:${p.table}:${p.done}/${p.total}`),
    });
    const byTable = Object.fromEntries(report.tables.map((t) => [t.table, t]));
    expect(report.source).toBe(path.join(source, 'kith.db'));
    expect(report.agents).toEqual([{ id: agentId, name: 'Copied', dimension: 384 }]);
    expect(byTable.memories).toMatchObject({
      kind: 'core',
      source: MEMORIES,
      inserted: MEMORIES,
      existing: 0,
      failed: 0,
      verified: MEMORIES,
    });
    for (const table of [
      'agents',
      'entities',
      'components',
      'worlds',
      'rooms',
      'relationships',
      'tasks',
      'cache',
      'logs',
      'model_usage',
      'channels',
    ]) {
      expect([table, byTable[table].source, byTable[table].inserted, byTable[table].verified]).toEqual([
        table,
        1,
        1,
        1,
      ]);
    }
    expect(byTable.participants).toMatchObject({ source: 2, inserted: 2, verified: 2 });
    expect(byTable.inbox).toMatchObject({ source: 2, inserted: 2, verified: 2 });
    expect(byTable.channel_messages).toMatchObject({ kind: 'core', source: 2, inserted: 2, verified: 2 });
    expect(byTable.weather_notes).toMatchObject({
      kind: 'plugin',
      source: 2,
      inserted: 2,
      verified: 2,
      droppedColumns: [],
    });
    expect(byTable.orphans).toMatchObject({
      kind: 'plugin',
      source: 1,
      inserted: 0,
      skipped: expect.stringContaining('PostgreSQL has no table "orphans"'),
    });
    expect(report.complete).toBe(false); // the orphan row is not in PostgreSQL
    expect(progress).toContain(`copy:memories:${MEMORIES}/${MEMORIES}`);
    expect(progress).toContain(`check:memories:${MEMORIES}/${MEMORIES}`);

    // The agent on PostgreSQL finds its history: memories in order, vectors searchable, the inbox as it was.
    const sqlite = new SqliteDatabaseAdapter(agentId, { dataDir: source, logger: silentLogger() });
    const pg = new PgDatabaseAdapter(agentId, { url: database.url, logger: silentLogger() });
    await sqlite.init();
    await pg.init();
    try {
      const recent = { roomId: room, tableName: 'messages', count: 50 };
      expect((await pg.getMemories(recent)).map((m) => [m.id, m.content.text, m.createdAt])).toEqual(
        (await sqlite.getMemories(recent)).map((m) => [m.id, m.content.text, m.createdAt]),
      );
      const query = { tableName: 'messages', embedding: unitVector(1234, 384), count: 10 };
      expect((await pg.searchMemories(query)).map((m) => m.id)).toEqual(
        (await sqlite.searchMemories(query)).map((m) => m.id),
      );
      expect((await pg.getPendingInbound()).map((e) => e.body)).toEqual([
        expect.objectContaining({ text: 'still pending' }),
      ]);
      expect(await pg.getParticipantUserState(room, user)).toBe('FOLLOWED');
      // Channels with their logs and turn budgets: the next message takes the next seq.
      expect(await pg.channels.getChannel(channel)).toEqual(await sqlite.channels.getChannel(channel));
      const log = await sqlite.channels.listChannelMessages(channel, { limit: 10 });
      expect(log.map((m) => [m.seq, m.text, m.inReplyTo])).toEqual([
        [1, 'anyone there?', null],
        [2, 'here', log[0].id],
      ]);
      expect(await pg.channels.listChannelMessages(channel, { limit: 10 })).toEqual(log);
      expect([
        await pg.channels.claimAgentTurn(channel, { answersPerson: true }),
        await pg.channels.claimAgentTurn(channel, { answersPerson: true }),
      ]).toEqual([true, true]);
      expect(await pg.channels.claimAgentTurn(channel, { answersPerson: true })).toBe(true);
      expect(await pg.channels.claimAgentTurn(channel, { answersPerson: true })).toBe(false); // one of the four was taken in the file
      const next = await pg.channels.appendChannelMessage({
        ...log[1],
        id: randomUuid(),
        text: 'moved',
        createdAt: 1_002,
      });
      expect(next.message.seq).toBe(3);
      expect(await pg.getCache('greeting')).toEqual({ text: 'hello' });
      expect((await pg.getRelationship({ sourceEntityId: user, targetEntityId: agentId }))?.tags).toEqual(['friend']);
      expect((await pg.getTasksByName('remind')).map((t) => t.metadata)).toEqual([{ at: 5 }]);
      expect((await pg.getEntitiesByIds([user]))[0]).toMatchObject({ names: ['Ada'], metadata: { likes: 'tea' } });
      expect(await pg.getAgent(agentId)).toMatchObject({ name: 'Copied', bio: ['moves house'] });
      expect((await pg.getLogs({ type: 'run_event' })).map((l) => l.body)).toEqual([{ status: 'completed' }]);
      const usage = (await pg.db.execute<Record<string, unknown>>(
        'SELECT calls::int AS calls, cost_usd, duration_ms FROM model_usage',
      )) as { rows: unknown[] };
      expect(usage.rows).toEqual([{ calls: 3, cost_usd: 0.00042, duration_ms: 2400.5 }]);
      expect(await pg.db.select().from(notesPg).orderBy(notesPg.id)).toEqual([
        {
          id: 'n1',
          city: 'Lisbon',
          details: { wind: 'calm' },
          sunny: true,
          seenAt: new Date(1_700_000_000_000),
          readings: [1.5, 2.5],
        },
        { id: 'n2', city: 'Oslo', details: null, sunny: false, seenAt: null, readings: null },
      ]);
      // New memories get seqs after the copied ones.
      await pg.createMemory(
        {
          id: randomUuid(),
          entityId: user,
          agentId,
          roomId: room,
          content: { text: 'after the move' },
          createdAt: 9_999_999,
        },
        'messages',
      );
      expect((await pg.getMemories({ ...recent, count: 1 }))[0].content.text).toBe('after the move');
    } finally {
      await sqlite.close();
      await pg.close();
    }

    const again = await copySqliteToPostgres({
      from: path.join(source, 'kith.db'),
      to: database.url,
      logger: silentLogger(),
    });
    expect(again.inserted).toBe(0);
    expect(again.tables.find((t) => t.table === 'memories')).toMatchObject({
      inserted: 0,
      existing: MEMORIES,
      verified: MEMORIES,
    });
    expect(again.migrations).toEqual([]);
  }, 120_000);

  it('refuses an agent whose vectors have another size in PostgreSQL, before writing anything', async () => {
    const other = randomUuid();
    const otherDir = path.join(dir, 'other');
    await writeSource(otherDir, other, 384);
    const target = await createTestDatabase('copy_dims');
    try {
      const pg = new PgDatabaseAdapter(other, { url: target.url, logger: silentLogger() });
      await pg.init();
      await pg.createAgent({ id: other, name: 'Copied' });
      await pg.ensureEmbeddingDimension(768);
      await pg.close();
      await expect(
        copySqliteToPostgres({ from: otherDir, to: target.url, logger: silentLogger() }),
      ).rejects.toMatchObject({
        code: SqlErrorCode.COPY_DIMENSION_MISMATCH,
        message: expect.stringContaining('has 384-d vectors in the SQLite file but 768-d ones in PostgreSQL at'),
      });
      const client = new Client({ connectionString: target.url });
      await client.connect();
      expect((await client.query('SELECT count(*)::int AS n FROM memories')).rows[0].n).toBe(0);
      await client.end();
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('names a missing file, a file that is not a Kith database, and an unreachable server', async () => {
    await expect(copySqliteToPostgres({ from: path.join(dir, 'nowhere'), to: database.url })).rejects.toMatchObject({
      code: SqlErrorCode.COPY_SOURCE_MISSING,
      message: expect.stringContaining(`No SQLite database at ${path.join(dir, 'nowhere')}`),
    });
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'not sqlite at all, just some text that is long enough to have a header');
    await expect(copySqliteToPostgres({ from: junk, to: database.url })).rejects.toMatchObject({
      code: SqlErrorCode.COPY_SOURCE_INVALID,
    });
    const port = await freePort();
    await expect(
      copySqliteToPostgres({ from: source, to: `postgres://kith@127.0.0.1:${port}/agents`, logger: silentLogger() }),
    ).rejects.toMatchObject({
      code: SqlErrorCode.DATABASE_UNREACHABLE,
      message: expect.stringContaining(`127.0.0.1:${port}`),
    });
  });
});
