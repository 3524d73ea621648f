import path from 'node:path';
import type { ConnectionSettings } from './connection/sqlite-connection';
import { defaultSqlLogger, type SqlLogger } from './connection/sql-logger';

export interface SqliteAdapterOptions {
  /** Folder of the database file; created if missing. Default `./.kith`. */
  dataDir?: string;
  /** File name inside dataDir, an absolute path, or `:memory:`. Default `kith.db`. */
  filename?: string;
  /** `FULL` also survives power loss; `NORMAL` (default) survives process crashes. Env: SQLITE_SYNCHRONOUS. */
  synchronous?: 'NORMAL' | 'FULL';
  /** How long a write waits for another process's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Skip sqlite-vec and use the exact-scan fallback. Env: KITH_DISABLE_SQLITE_VEC=1. */
  disableVectorExtension?: boolean;
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
  const disabled = options.disableVectorExtension ?? isTruthy(env.KITH_DISABLE_SQLITE_VEC);
  return {
    synchronous,
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    vectorExtension: !disabled,
    logger: options.logger ?? defaultSqlLogger(),
  };
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}
