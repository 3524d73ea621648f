import type { IAgentRuntime, Plugin } from '@kith/core';
import { DEFAULT_DATA_DIR } from './adapter-options';
import { createDatabaseAdapter } from './create-database-adapter';

function hasAdapter(runtime: IAgentRuntime): boolean {
  try {
    return Boolean(runtime.adapter);
  } catch {
    return false; // the runtime throws when none is registered
  }
}

/** config value (resolved by the runtime), else the agent's setting, else the environment. */
function setting(config: Record<string, string>, runtime: IAgentRuntime, key: string): string | undefined {
  const value = config[key] ?? runtime.getSetting(key) ?? process.env[key];
  return value === null || value === undefined || value === '' ? undefined : String(value);
}

/**
 * Registers a SQLite adapter for the agent (file `<KITH_DATA_DIR>/kith.db`),
 * unless the runtime already has one. The runtime initialises it.
 */
export const sqlPlugin: Plugin = {
  name: 'sql',
  description: 'Durable SQLite persistence (drizzle-orm + better-sqlite3) with sqlite-vec vector search.',
  priority: 0,
  config: {
    KITH_DATA_DIR: null,
    SQLITE_SYNCHRONOUS: null,
    KITH_DISABLE_SQLITE_VEC: null,
  },
  init: async (config, runtime) => {
    if (hasAdapter(runtime)) {
      runtime.logger.debug({}, 'A database adapter is already registered; plugin-sql leaves it in place');
      return;
    }
    const disable = setting(config, runtime, 'KITH_DISABLE_SQLITE_VEC');
    const adapter = createDatabaseAdapter(
      {
        dataDir: setting(config, runtime, 'KITH_DATA_DIR') ?? DEFAULT_DATA_DIR,
        synchronous: setting(config, runtime, 'SQLITE_SYNCHRONOUS')?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL',
        disableVectorExtension: disable !== undefined && ['1', 'true', 'yes', 'on'].includes(disable.toLowerCase()),
        logger: runtime.logger,
      },
      runtime.agentId,
    );
    runtime.registerDatabaseAdapter(adapter);
  },
};
