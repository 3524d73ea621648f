import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  point,
  real,
  text,
  timestamp,
  uuid,
  varchar,
  vector,
} from 'drizzle-orm/pg-core';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { SqlErrorCode } from '../../errors';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { silentLogger } from '../../testing/silent-logger';
import { sqliteDefaultOf } from './pg-schema-on-sqlite';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-pg-schema-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// As @elizaos/plugin-memory@1.1.2 declares its table (copied from its dist).
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
    confidence: real('confidence').default(1),
    source: text('source'),
    createdAt: timestamp('created_at')
      .default(sql`now()`)
      .notNull(),
    updatedAt: timestamp('updated_at')
      .default(sql`now()`)
      .notNull(),
    lastAccessedAt: timestamp('last_accessed_at'),
    accessCount: integer('access_count').default(0),
  },
  (table) => ({
    agentEntityIdx: index('long_term_memories_agent_entity_idx').on(table.agentId, table.entityId),
    categoryIdx: index('long_term_memories_category_idx').on(table.category),
  }),
);

// Types the issue names: uuid, jsonb, timestamp, vector, arrays; plus booleans and a random-uuid default.
const notes = pgTable('pg_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  tags: text('tags')
    .array()
    .default(sql`'{}'::text[]`),
  settings: jsonb('settings').default(sql`'{"on": true}'::jsonb`),
  pinned: boolean('pinned').default(false).notNull(),
  embedding: vector('embedding', { dimensions: 3 }),
  at: timestamp('at', { withTimezone: true }).defaultNow(),
});

describe('PostgreSQL (pg-core) plugin tables on SQLite', () => {
  let adapter: SqliteDatabaseAdapter;
  beforeEach(async () => {
    adapter = createDatabaseAdapter(
      { dataDir: dir, filename: `${randomUuid()}.db`, logger: silentLogger() },
      randomUuid(),
    );
    await adapter.init();
  });
  afterEach(() => adapter.close());

  it("creates plugin-memory's table and runs the drizzle queries it makes through runtime.db", async () => {
    await adapter.runMigrations({ longTermMemories }, 'memory');
    const db = adapter.db as unknown as import('drizzle-orm/pg-core').PgDatabase<never>;
    const agentId = randomUuid();
    const entityId = randomUuid();
    const earlier = new Date('2026-01-02T03:04:05.678Z');
    await db.insert(longTermMemories).values({
      id: randomUuid(),
      agentId,
      entityId,
      category: 'preference',
      content: 'likes tea',
      metadata: { from: 'chat' },
      embedding: [0.25, -1.5],
      confidence: 0.9,
      source: 'conversation',
      accessCount: 0,
      createdAt: earlier,
      updatedAt: earlier,
    });
    const [second] = await db
      .insert(longTermMemories)
      .values({ id: randomUuid(), agentId, entityId, category: 'fact', content: 'lives in Oslo' })
      .returning();
    // Defaults: now() as an ISO timestamp read back as a Date, numeric defaults as numbers.
    expect(second.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(second.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(second).toMatchObject({ confidence: 1, accessCount: 0, metadata: null, embedding: null });

    const rows = await db
      .select()
      .from(longTermMemories)
      .where(and(eq(longTermMemories.agentId, agentId), eq(longTermMemories.entityId, entityId)))
      .orderBy(desc(longTermMemories.confidence), desc(longTermMemories.updatedAt))
      .limit(10);
    expect(rows.map((r) => r.content)).toEqual(['lives in Oslo', 'likes tea']);
    expect(rows[1]).toMatchObject({ metadata: { from: 'chat' }, embedding: [0.25, -1.5], createdAt: earlier });

    await db
      .update(longTermMemories)
      .set({ content: 'loves tea', updatedAt: new Date(), accessCount: sql`${longTermMemories.accessCount} + 1` })
      .where(eq(longTermMemories.id, rows[1].id));
    await db
      .update(longTermMemories)
      .set({ lastAccessedAt: sql`now()` })
      .where(eq(longTermMemories.id, rows[1].id));
    const [updated] = await db.select().from(longTermMemories).where(eq(longTermMemories.id, rows[1].id));
    expect(updated).toMatchObject({ content: 'loves tea', accessCount: 1 });
    expect(updated.lastAccessedAt).toBeInstanceOf(Date);
    await db.delete(longTermMemories).where(eq(longTermMemories.id, rows[0].id));
    expect(await db.select().from(longTermMemories)).toHaveLength(1);
  });

  it('maps uuid, jsonb, timestamp, vector, arrays and booleans, defaults included, and a second agent reuses the mapping', async () => {
    await adapter.runMigrations({ notes }, 'notes');
    const db = adapter.db as unknown as import('drizzle-orm/pg-core').PgDatabase<never>;
    const [made] = await db
      .insert(notes)
      .values({ embedding: [1, 2, 3] })
      .returning();
    expect(made.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(made).toMatchObject({ tags: [], settings: { on: true }, pinned: false, embedding: [1, 2, 3] });
    expect(made.at).toBeInstanceOf(Date);
    await db
      .update(notes)
      .set({ pinned: true, tags: ['a', 'b c'] })
      .where(eq(notes.id, made.id));
    const [read] = await db.select().from(notes).where(eq(notes.pinned, true));
    expect(read).toMatchObject({ id: made.id, pinned: true, tags: ['a', 'b c'] });

    const other = createDatabaseAdapter(
      { dataDir: dir, filename: `${randomUuid()}.db`, logger: silentLogger() },
      randomUuid(),
    );
    await other.init();
    await other.runMigrations({ notes }, 'notes');
    const [again] = await (other.db as unknown as typeof db).insert(notes).values({}).returning();
    expect(again).toMatchObject({ pinned: false, settings: { on: true } });
    await other.close();
  });

  it.each([
    [
      'a table in a PostgreSQL schema',
      { t: pgSchema('crm').table('contacts', { id: text('id').primaryKey() }) },
      'crm.contacts',
      'PostgreSQL schema "crm"',
    ],
    [
      'a column type SQLite cannot hold',
      { t: pgTable('places', { id: text('id').primaryKey(), where: point('where') }) },
      'places',
      'column "where" has type point',
    ],
    [
      'a default with no SQLite equivalent',
      { t: pgTable('clocks', { id: text('id').primaryKey(), at: text('at').default(sql`to_char(now(), 'YYYY')`) }) },
      'clocks',
      'defaults to to_char',
    ],
  ])('fails at start, naming plugin, table and the fix, for %s', async (_what, schema, table, problem) => {
    const error = (await adapter.runMigrations(schema, 'geo').catch((e: unknown) => e)) as Error & { code: string };
    expect(error.code).toBe(SqlErrorCode.PLUGIN_SCHEMA_UNSUPPORTED);
    expect(error.message).toContain(`Plugin "geo": its PostgreSQL table "${table}" cannot be created on SQLite`);
    expect(error.message).toContain(problem);
    expect(error.message).toContain('Fix: run this agent on PostgreSQL (set KITH_DATABASE_URL)');
  });

  it('translates the PostgreSQL defaults plugins use', () => {
    expect(sqliteDefaultOf('now()')).toContain('strftime');
    expect(sqliteDefaultOf('CURRENT_TIMESTAMP')).toContain('strftime');
    expect(sqliteDefaultOf('gen_random_uuid()')).toContain('randomblob');
    expect(sqliteDefaultOf("'[]'::jsonb")).toBe("'[]'");
    expect(sqliteDefaultOf('true')).toBe('1');
    expect(sqliteDefaultOf('42')).toBe('42');
    expect(sqliteDefaultOf("nextval('x')")).toBeNull();
  });
});
