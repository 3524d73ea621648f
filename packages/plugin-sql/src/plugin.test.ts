import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AgentRuntime,
  createLogger,
  type IAgentRuntime,
  type IDatabaseAdapter,
  type Plugin,
  randomUuid,
} from '@kith/core';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import pluginDefault, { type KithSqliteDatabase, SqliteDatabaseAdapter, sqlPlugin } from './index';
import { silentLogger } from './testing/silent-logger';
import { fleetSetting } from './plugin';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-plugin-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Just the runtime surface the plugin touches. */
function fakeRuntime(settings: Record<string, string>, existing?: IDatabaseAdapter) {
  const registered: IDatabaseAdapter[] = [];
  const runtime = {
    agentId: randomUuid(),
    logger: silentLogger(),
    getSetting: (key: string) => settings[key] ?? null,
    registerDatabaseAdapter: (adapter: IDatabaseAdapter) => void registered.push(adapter),
    get adapter(): IDatabaseAdapter {
      if (!existing) throw new Error('no adapter');
      return existing;
    },
  };
  return { runtime: runtime as unknown as IAgentRuntime, registered };
}

describe('sqlPlugin', () => {
  it('is the default export, named sql', () => {
    expect(pluginDefault).toBe(sqlPlugin);
    expect(sqlPlugin.name).toBe('sql');
  });

  it('registers an adapter for the agent in KITH_DATA_DIR', async () => {
    const dataDir = path.join(dir, 'agent-data');
    const { runtime, registered } = fakeRuntime({ KITH_DATA_DIR: dataDir });
    await sqlPlugin.init?.({}, runtime);
    expect(registered).toHaveLength(1);
    const adapter = registered[0] as SqliteDatabaseAdapter;
    expect(adapter).toBeInstanceOf(SqliteDatabaseAdapter);
    expect(adapter.agentId).toBe(runtime.agentId);
    expect(adapter.path).toBe(path.join(dataDir, 'kith.db'));
    await adapter.init();
    expect(await adapter.isReady()).toBe(true);
    await adapter.close();
  });

  it('prefers the resolved plugin config and reads the switches', async () => {
    const dataDir = path.join(dir, 'from-config');
    const { runtime, registered } = fakeRuntime({ KITH_DATA_DIR: path.join(dir, 'ignored') });
    await sqlPlugin.init?.(
      { KITH_DATA_DIR: dataDir, KITH_DISABLE_WASM_SIMD: 'true', SQLITE_SYNCHRONOUS: 'full', LOG_PROMPTS_TO_DB: 'true' },
      runtime,
    );
    const adapter = registered[0] as SqliteDatabaseAdapter;
    expect(adapter.path).toBe(path.join(dataDir, 'kith.db'));
    await adapter.init();
    expect(adapter.vectorKernel).toBe('js');
    expect((await adapter.getConnection()).pragma('synchronous', { simple: true })).toBe(2);
    const body = { prompt: 'p'.repeat(1000) };
    await adapter.log({ body, entityId: runtime.agentId, roomId: runtime.agentId, type: 'note' });
    expect((await adapter.getLogs({ type: 'note' }))[0].body).toEqual(body);
    await adapter.close();
  });

  it('declares its settings and the event handlers that keep the logs table', () => {
    expect(Object.keys(sqlPlugin.config ?? {})).toEqual([
      'KITH_DATA_DIR',
      'SQLITE_SYNCHRONOUS',
      'LOG_PROMPTS_TO_DB',
      'KITH_DISABLE_WASM_SIMD',
      'KITH_DATABASE_URL',
      'POSTGRES_URL',
      'KITH_DATABASE_POOL_MAX',
      'KITH_PGVECTOR',
      'KITH_FLEET',
      'KITH_LEASE_MS',
    ]);
    expect(Object.keys(sqlPlugin.events ?? {}).sort()).toEqual([
      'MODEL_USED',
      'RUN_ENDED',
      'RUN_STARTED',
      'RUN_TIMEOUT',
    ]);
  });

  it('reads the fleet settings: on unless KITH_FLEET=off, KITH_LEASE_MS checked', () => {
    const read = (values: Record<string, string>) => (key: string) => values[key];
    expect(fleetSetting(read({}))).toEqual({});
    expect(fleetSetting(read({ KITH_FLEET: 'off' }))).toBe(false);
    expect(fleetSetting(read({ KITH_LEASE_MS: '3000' }))).toEqual({ leaseMs: 3000 });
    expect(() => fleetSetting(read({ KITH_LEASE_MS: 'soon' }))).toThrow(/KITH_LEASE_MS: "soon" is not a lease/);
  });

  it('leaves an already registered adapter in place', async () => {
    const existing = {} as IDatabaseAdapter;
    const { runtime, registered } = fakeRuntime({}, existing);
    await sqlPlugin.init?.({}, runtime);
    expect(registered).toEqual([]);
  });
});

describe('sqlPlugin in an AgentRuntime', () => {
  it("migrates another plugin's drizzle tables under their own names at start, usable through runtime.db", async () => {
    const notes = sqliteTable('weather_notes', { id: text('id').primaryKey(), city: text('city').notNull() });
    const weather: Plugin = { name: 'weather', description: 'keeps weather notes', schema: { notes } };
    const runtime = new AgentRuntime({
      character: { name: 'Schema', bio: ['test agent'] },
      plugins: [sqlPlugin, weather],
      settings: { KITH_DATA_DIR: path.join(dir, 'runtime-schema') },
      logger: createLogger({ level: 'silent' }),
    });
    await runtime.initialize();
    const db = runtime.db as KithSqliteDatabase;
    db.insert(notes).values({ id: 'n1', city: 'Oslo' }).run();
    expect(db.select().from(notes).all()).toEqual([{ id: 'n1', city: 'Oslo' }]);
    expect((await runtime.getAgent(runtime.agentId))?.name).toBe('Schema');
    await runtime.stop();
  });
});
