import { AgentRuntime, createLogger, type Plugin, randomUuid } from '@kith/core';
import { and, eq, sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgSchema,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import { SqlErrorCode } from '../../errors';
import { sqlPlugin } from '../../plugin';
import { silentLogger } from '../../testing/silent-logger';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import type { KithPgDatabase } from '../connection/pg-driver';
import { PgDatabaseAdapter } from '../pg-database-adapter';

// Shaped like @elizaos/plugin-memory's tables: varchar ids, jsonb, real[], timestamps defaulting to now().
const longTermMemories = pgTable(
  'long_term_memories',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    agentId: varchar('agent_id', { length: 36 }).notNull(),
    entityId: varchar('entity_id', { length: 36 }).notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata'),
    embedding: real('embedding').array(),
    confidence: real('confidence').default(1.0),
    createdAt: timestamp('created_at')
      .default(sql`now()`)
      .notNull(),
    accessCount: integer('access_count').default(0),
  },
  (t) => [
    index('long_term_memories_agent_entity_idx').on(t.agentId, t.entityId),
    index('long_term_memories_category_idx').on(t.category),
  ],
);

const sessionSummaries = pgTable('session_summaries', {
  id: uuid('id').primaryKey().defaultRandom(),
  memoryId: varchar('memory_id', { length: 36 }).references(() => longTermMemories.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
});

const mood = pgEnum('weather_mood', ['sunny', 'rainy']);
const weatherSchema = pgSchema('weather');
const forecastsV1 = weatherSchema.table('forecasts', {
  id: text('id').primaryKey(),
  city: text('city').notNull(),
  mood: mood('mood'),
});
const forecastsV2 = weatherSchema.table(
  'forecasts',
  {
    id: text('id').primaryKey(),
    city: text('city').notNull(),
    mood: mood('mood'),
    degrees: integer('degrees').notNull().default(0),
    source: text('source'),
  },
  (t) => [uniqueIndex('forecasts_city_source').on(t.city, t.source)],
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('plugin_schema');
});
afterAll(async () => {
  await database.drop();
});

describe('plugin schemas on PostgreSQL', () => {
  it("creates an elizaOS-style plugin's tables, usable through drizzle", async () => {
    const adapter = new PgDatabaseAdapter(randomUuid(), { url: database.url, logger: silentLogger() });
    await adapter.init();
    const report = await adapter.migrate({ longTermMemories, sessionSummaries }, 'memory');
    expect(report).toEqual({
      createdTables: ['long_term_memories', 'session_summaries'],
      addedColumns: [],
      skipped: [],
    });
    const db = adapter.db;
    await db.insert(longTermMemories).values({
      id: 'm1',
      agentId: 'a',
      entityId: 'e',
      category: 'fact',
      content: 'likes tea',
      embedding: [0.5, 0.25],
      metadata: { x: 1 },
    });
    await db.insert(sessionSummaries).values({ memoryId: 'm1', summary: 'tea talk' });
    const [row] = await db
      .select()
      .from(longTermMemories)
      .where(and(eq(longTermMemories.agentId, 'a'), eq(longTermMemories.entityId, 'e')));
    expect(row).toMatchObject({
      id: 'm1',
      content: 'likes tea',
      embedding: [0.5, 0.25],
      metadata: { x: 1 },
      confidence: 1,
      accessCount: 0,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    await db.delete(longTermMemories).where(eq(longTermMemories.id, 'm1'));
    expect(await db.select().from(sessionSummaries)).toEqual([]); // the foreign key cascades
    // Again: nothing to do.
    expect(await adapter.migrate({ longTermMemories, sessionSummaries }, 'memory')).toEqual({
      createdTables: [],
      addedColumns: [],
      skipped: [],
    });
    await adapter.close();
  });

  it('adds new columns and indexes to an existing table in its own schema, with its enums', async () => {
    const adapter = new PgDatabaseAdapter(randomUuid(), { url: database.url, logger: silentLogger() });
    await adapter.init();
    await adapter.migrate({ mood, forecastsV1 }, 'weather');
    await adapter.db.insert(forecastsV1).values({ id: 'f1', city: 'Oslo', mood: 'rainy' });
    expect(await adapter.migrate({ mood, forecastsV2 }, 'weather')).toEqual({
      createdTables: [],
      addedColumns: ['forecasts.degrees', 'forecasts.source'],
      skipped: [],
    });
    expect(await adapter.db.select().from(forecastsV2)).toEqual([
      { id: 'f1', city: 'Oslo', mood: 'rainy', degrees: 0, source: null },
    ]);
    await adapter.db.insert(forecastsV2).values({ id: 'f2', city: 'Oslo', source: 'met' });
    await expect(adapter.db.insert(forecastsV2).values({ id: 'f3', city: 'Oslo', source: 'met' })).rejects.toThrow();
    await adapter.close();
  });

  it('refuses a NOT NULL column without a default on an existing table, naming it', async () => {
    const adapter = new PgDatabaseAdapter(randomUuid(), { url: database.url, logger: silentLogger() });
    await adapter.init();
    const v1 = pgTable('strict_notes', { id: text('id').primaryKey() });
    const v2 = pgTable('strict_notes', { id: text('id').primaryKey(), body: text('body').notNull() });
    await adapter.migrate({ v1 }, 'strict');
    await expect(adapter.migrate({ v2 }, 'strict')).rejects.toMatchObject({
      code: SqlErrorCode.MIGRATION_FAILED,
      migration: 'strict:strict_notes.body',
    });
    await adapter.close();
  });

  it('skips SQLite tables with a warning', async () => {
    const logger = silentLogger();
    const adapter = new PgDatabaseAdapter(randomUuid(), { url: database.url, logger });
    await adapter.init();
    const notes = sqliteTable('sqlite_only', { id: sqliteText('id').primaryKey() });
    expect(await adapter.migrate({ notes }, 'lite')).toEqual({
      createdTables: [],
      addedColumns: [],
      skipped: ['notes'],
    });
    expect(logger.warnings.join('\n')).toContain('lite');
    await adapter.close();
  });

  it('migrates a plugin schema at start in an AgentRuntime, usable through runtime.db', async () => {
    const notes = pgTable('runtime_notes', { id: text('id').primaryKey(), city: text('city').notNull() });
    const weather: Plugin = { name: 'weather', description: 'keeps weather notes', schema: { notes } };
    const runtime = new AgentRuntime({
      character: { name: 'Schema', bio: ['test agent'] },
      plugins: [sqlPlugin, weather],
      settings: { KITH_DATABASE_URL: database.url },
      logger: createLogger({ level: 'silent' }),
    });
    await runtime.initialize();
    expect(runtime.adapter).toBeInstanceOf(PgDatabaseAdapter);
    const db = runtime.db as KithPgDatabase;
    await db.insert(notes).values({ id: 'n1', city: 'Oslo' });
    expect(await db.select().from(notes)).toEqual([{ id: 'n1', city: 'Oslo' }]);
    expect((await runtime.getAgent(runtime.agentId))?.name).toBe('Schema');
    await runtime.stop();
  });
});
