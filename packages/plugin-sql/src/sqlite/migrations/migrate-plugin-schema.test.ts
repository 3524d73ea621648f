import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { SqlErrorCode } from '../../errors';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { silentLogger } from '../../testing/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-plugin-schema-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const notesV1 = sqliteTable(
  'weather_notes',
  {
    id: text('id').primaryKey(),
    city: text('city').notNull(),
    degrees: integer('degrees').notNull().default(0),
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [index('weather_notes_city_idx').on(t.city)],
);

const notesV2 = sqliteTable(
  'weather_notes',
  {
    id: text('id').primaryKey(),
    city: text('city').notNull(),
    degrees: integer('degrees').notNull().default(0),
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(unixepoch())`),
    source: text('source'),
    verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('weather_notes_city_idx').on(t.city), uniqueIndex('weather_notes_city_source').on(t.city, t.source)],
);

const cityLinks = sqliteTable(
  'weather_city_links',
  {
    noteId: text('note_id')
      .notNull()
      .references(() => notesV1.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.tag] })],
);

function columns(adapter: SqliteDatabaseAdapter, table: string): Promise<string[]> {
  return adapter
    .getConnection()
    .then((sqlite) => (sqlite.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
}

describe('runMigrations(pluginSchema)', () => {
  let adapter: SqliteDatabaseAdapter;
  let logger: ReturnType<typeof silentLogger>;

  beforeEach(async () => {
    logger = silentLogger();
    adapter = createDatabaseAdapter({ dataDir: dir, filename: `${randomUuid()}.db`, logger }, randomUuid());
    await adapter.init();
  });
  afterEach(() => adapter.close());

  it('creates missing tables with keys, defaults and indexes, usable through db', async () => {
    await adapter.runMigrations({ notesV1, cityLinks, helper: () => 'not a table' }, 'weather');
    expect(await columns(adapter, 'weather_notes')).toEqual(['id', 'city', 'degrees', 'created_at']);
    adapter.db.insert(notesV1).values({ id: 'n1', city: 'Oslo' }).run();
    adapter.db.insert(cityLinks).values({ noteId: 'n1', tag: 'cold' }).run();
    const [row] = adapter.db.select().from(notesV1).where(eq(notesV1.id, 'n1')).all();
    expect(row.degrees).toBe(0);
    expect(row.createdAt).toBeGreaterThan(1_600_000_000);
    // The foreign key cascades; the composite key rejects a duplicate.
    expect(() => adapter.db.insert(cityLinks).values({ noteId: 'n1', tag: 'cold' }).run()).toThrow(/UNIQUE/);
    adapter.db.delete(notesV1).where(eq(notesV1.id, 'n1')).run();
    expect(adapter.db.select().from(cityLinks).all()).toEqual([]);
    const sqlite = await adapter.getConnection();
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'weather_notes_city_idx'").get()).toBeDefined();
  });

  it('adds new columns and indexes to an existing table, and is idempotent', async () => {
    await adapter.runMigrations({ notesV1 }, 'weather');
    adapter.db.insert(notesV1).values({ id: 'n1', city: 'Oslo' }).run();
    await adapter.runMigrations({ notesV2 }, 'weather');
    await adapter.runMigrations({ notesV2 }, 'weather');
    expect(await columns(adapter, 'weather_notes')).toEqual([
      'id',
      'city',
      'degrees',
      'created_at',
      'source',
      'verified',
    ]);
    expect(adapter.db.select().from(notesV2).all()[0]).toMatchObject({ id: 'n1', source: null, verified: false });
  });

  it('maps PostgreSQL (pg-core) tables to SQLite instead of skipping them', async () => {
    const pgNotes = pgTable('pg_notes', { id: pgText('id').primaryKey() });
    await expect(adapter.runMigrations({ pgNotes }, 'pg-plugin')).resolves.toBeUndefined();
    expect(await columns(adapter, 'pg_notes')).toEqual(['id']);
    expect(logger.warnings).toEqual([]);
  });

  it('fails, naming plugin and column, when SQLite cannot add a column', async () => {
    await adapter.runMigrations({ notesV1 }, 'weather');
    const withRequired = sqliteTable('weather_notes', {
      id: text('id').primaryKey(),
      city: text('city').notNull(),
      region: text('region').notNull(),
    });
    const fresh = sqliteTable('weather_extra', { id: text('id').primaryKey() });
    await expect(adapter.runMigrations({ fresh, withRequired }, 'weather')).rejects.toMatchObject({
      code: SqlErrorCode.MIGRATION_FAILED,
      migration: 'weather:weather_notes.region',
    });
    // Nothing of the failed run stays behind.
    expect(await columns(adapter, 'weather_extra')).toEqual([]);
  });
});
