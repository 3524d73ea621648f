import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type IAgentRuntime, type IDatabaseAdapter, randomUuid } from '@kith/core';
import pluginDefault, { SqliteDatabaseAdapter, sqlPlugin } from './index';
import { silentLogger } from './test-support/silent-logger';

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

  it('prefers the resolved plugin config and reads the vector switch', async () => {
    const dataDir = path.join(dir, 'from-config');
    const { runtime, registered } = fakeRuntime({ KITH_DATA_DIR: path.join(dir, 'ignored') });
    await sqlPlugin.init?.({ KITH_DATA_DIR: dataDir, KITH_DISABLE_SQLITE_VEC: 'true' }, runtime);
    const adapter = registered[0] as SqliteDatabaseAdapter;
    expect(adapter.path).toBe(path.join(dataDir, 'kith.db'));
    await adapter.init();
    expect(adapter.vectorBackend).toBe('exact-scan');
    await adapter.close();
  });

  it('leaves an already registered adapter in place', async () => {
    const existing = {} as IDatabaseAdapter;
    const { runtime, registered } = fakeRuntime({}, existing);
    await sqlPlugin.init?.({}, runtime);
    expect(registered).toEqual([]);
  });
});
