import type { IAgentRuntime, Plugin } from '@kith/core';
import { DEFAULT_DATA_DIR, isTruthy } from './adapter-options';
import { createDatabaseAdapter } from './create-database-adapter';
import { runLogEvents } from './logs/run-log-recorder';

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
 * unless the runtime already has one; the runtime initialises it. Its event
 * handlers record each finished run and model usage in the logs table.
 */
export const sqlPlugin: Plugin = {
  name: 'sql',
  description: 'Durable SQLite persistence (drizzle-orm + better-sqlite3) with exact vector search and hybrid BM25 recall.',
  priority: 0,
  config: {
    KITH_DATA_DIR: null,
    SQLITE_SYNCHRONOUS: null,
    LOG_PROMPTS_TO_DB: null,
    KITH_DISABLE_WASM_SIMD: null,
  },
  events: runLogEvents,
  init: async (config, runtime) => {
    if (hasAdapter(runtime)) {
      runtime.logger.debug({}, 'A database adapter is already registered; plugin-sql leaves it in place');
      return;
    }
    const flag = (key: string): boolean => isTruthy(setting(config, runtime, key));
    const adapter = createDatabaseAdapter(
      {
        dataDir: setting(config, runtime, 'KITH_DATA_DIR') ?? DEFAULT_DATA_DIR,
        synchronous: setting(config, runtime, 'SQLITE_SYNCHRONOUS')?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL',
        logPrompts: flag('LOG_PROMPTS_TO_DB'),
        disableSimd: flag('KITH_DISABLE_WASM_SIMD'),
        logger: runtime.logger,
      },
      runtime.agentId,
    );
    runtime.registerDatabaseAdapter(adapter);
  },
};
