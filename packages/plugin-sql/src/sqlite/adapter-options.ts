import path from 'node:path';
import type { ConnectionSettings } from './connection/sqlite-connection';
import { defaultSqlLogger, type SqlLogger } from '../shared/sql-logger';

export interface SqliteAdapterOptions {
  /** Folder of the database file; created if missing. Default `./.kith`. Env (through the plugin): KITH_DATA_DIR. */
  dataDir?: string;
  /** File name inside dataDir, an absolute path, or `:memory:`. Default `kith.db`. */
  filename?: string;
  /** `FULL` also survives power loss; `NORMAL` (default) survives process crashes. Env: SQLITE_SYNCHRONOUS. */
  synchronous?: 'NORMAL' | 'FULL';
  /** How long a write waits for another process's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Compute vector search in plain JavaScript instead of WebAssembly SIMD. Env: KITH_DISABLE_WASM_SIMD=1. */
  disableSimd?: boolean;
  /** Keep log bodies whole, prompts included; by default long texts are cut. Env: LOG_PROMPTS_TO_DB=true. */
  logPrompts?: boolean;
  logger?: SqlLogger;
}

export const DEFAULT_DATA_DIR = './.kith';
export const DEFAULT_FILENAME = 'kith.db';

/** The database file an adapter with these options opens. */
export function resolveDatabaseFile(options: SqliteAdapterOptions): string {
  const filename = options.filename ?? DEFAULT_FILENAME;
  if (filename === ':memory:') return filename;
  return path.resolve(options.dataDir ?? DEFAULT_DATA_DIR, filename);
}

export function resolveConnectionSettings(
  options: SqliteAdapterOptions,
  env: NodeJS.ProcessEnv = process.env,
): ConnectionSettings {
  const synchronous = options.synchronous ?? (env.SQLITE_SYNCHRONOUS?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL');
  return {
    synchronous,
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    simd: !(options.disableSimd ?? isTruthy(env.KITH_DISABLE_WASM_SIMD)),
    logger: options.logger ?? defaultSqlLogger(),
  };
}

/** Whether log bodies are stored whole (LOG_PROMPTS_TO_DB). */
export function resolveLogPrompts(options: SqliteAdapterOptions, env: NodeJS.ProcessEnv = process.env): boolean {
  return options.logPrompts ?? isTruthy(env.LOG_PROMPTS_TO_DB);
}

export function isTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}
