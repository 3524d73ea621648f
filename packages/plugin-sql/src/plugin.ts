import { ConfigValidationError, type IAgentRuntime, type Plugin } from '@kith/core';
import { DEFAULT_DATA_DIR, isTruthy } from './sqlite/adapter-options';
import { createDatabaseAdapter } from './create-database-adapter';
import { RunLogService, runLogEvents } from './shared/logs/run-log-recorder';
import type { VectorPreference } from './pg/vectors/pgvector-columns';

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

/** The PostgreSQL URL, if any: KITH_DATABASE_URL, else elizaOS's POSTGRES_URL. */
export function databaseUrlSetting(read: (key: string) => string | undefined): string | undefined {
  return read('KITH_DATABASE_URL') ?? read('POSTGRES_URL');
}

function vectorPreference(value: string | undefined): VectorPreference {
  if (value === undefined || value.toLowerCase() === 'auto') return 'auto';
  return isTruthy(value) ? 'pgvector' : 'in-process';
}

/** KITH_FLEET (on unless `off`/`false`/`0`) and KITH_LEASE_MS: every server on one PostgreSQL database forms a fleet. */
export function fleetSetting(read: (key: string) => string | undefined): { leaseMs?: number } | false {
  const flag = read('KITH_FLEET');
  if (flag !== undefined && /^(off|false|0|no)$/i.test(flag.trim())) return false;
  const lease = Number(read('KITH_LEASE_MS'));
  if (read('KITH_LEASE_MS') === undefined) return {};
  if (!Number.isFinite(lease) || lease < 200) {
    throw new ConfigValidationError('@kith/plugin-sql', [
      `KITH_LEASE_MS: "${read('KITH_LEASE_MS')}" is not a lease: give milliseconds, at least 200 (default 10000)`,
    ]);
  }
  return { leaseMs: Math.floor(lease) };
}

/**
 * Registers the agent's database adapter, unless the runtime already has
 * one; the runtime initialises it. PostgreSQL when KITH_DATABASE_URL (or
 * POSTGRES_URL) is set, else SQLite in `<KITH_DATA_DIR>/kith.db`. Its event
 * handlers record each finished run and model usage in the logs table.
 */
export const sqlPlugin: Plugin = {
  name: 'sql',
  description:
    'Durable persistence on drizzle-orm: SQLite (better-sqlite3) by default, PostgreSQL with KITH_DATABASE_URL; exact vector search and hybrid keyword recall.',
  priority: 0,
  config: {
    KITH_DATA_DIR: null,
    SQLITE_SYNCHRONOUS: null,
    LOG_PROMPTS_TO_DB: null,
    KITH_DISABLE_WASM_SIMD: null,
    KITH_DATABASE_URL: null,
    POSTGRES_URL: null,
    KITH_DATABASE_POOL_MAX: null,
    KITH_PGVECTOR: null,
    KITH_FLEET: null,
    KITH_LEASE_MS: null,
  },
  events: runLogEvents,
  services: [RunLogService],
  init: async (config, runtime) => {
    if (hasAdapter(runtime)) {
      runtime.logger.debug({}, 'A database adapter is already registered; plugin-sql leaves it in place');
      return;
    }
    const read = (key: string) => setting(config, runtime, key);
    const flag = (key: string): boolean => isTruthy(read(key));
    const url = databaseUrlSetting(read);
    const common = {
      logPrompts: flag('LOG_PROMPTS_TO_DB'),
      disableSimd: flag('KITH_DISABLE_WASM_SIMD'),
      logger: runtime.logger,
    };
    const adapter = url
      ? createDatabaseAdapter(
          {
            ...common,
            url,
            poolMax: read('KITH_DATABASE_POOL_MAX') === undefined ? undefined : Number(read('KITH_DATABASE_POOL_MAX')),
            vectorSearch: vectorPreference(read('KITH_PGVECTOR')),
            fleet: fleetSetting(read),
          },
          runtime.agentId,
        )
      : createDatabaseAdapter(
          {
            ...common,
            dataDir: read('KITH_DATA_DIR') ?? DEFAULT_DATA_DIR,
            synchronous: read('SQLITE_SYNCHRONOUS')?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL',
          },
          runtime.agentId,
        );
    runtime.registerDatabaseAdapter(adapter);
  },
};
