import { defaultSqlLogger, type SqlLogger } from '../shared/sql-logger';
import type { PgConnectionSettings } from './connection/pg-connection';
import type { PgliteLike } from './connection/pglite-driver';
import type { VectorPreference } from './vectors/pgvector-columns';

export interface PgAdapterOptions {
  /** postgres://user:password@host:port/database. Env (through the plugin): KITH_DATABASE_URL, else POSTGRES_URL. */
  url?: string;
  /** Or PostgreSQL in the process: an `@electric-sql/pglite` instance (you create and close it). */
  pglite?: PgliteLike;
  /** Most connections the pool opens. Default 10. Env: KITH_DATABASE_POOL_MAX. */
  poolMax?: number;
  /** An idle pooled connection is closed after this long. Default 10,000 ms. */
  idleTimeoutMs?: number;
  /** Connecting gives up after this long. Default 5,000 ms. */
  connectTimeoutMs?: number;
  /** `auto` (default): pgvector when the database has it (or lets this user install it), else in process. Env: KITH_PGVECTOR=on|off. */
  vectorSearch?: VectorPreference;
  /** Compute in-process vector search in plain JavaScript. Env: KITH_DISABLE_WASM_SIMD=1. */
  disableSimd?: boolean;
  /** Keep log bodies whole. Env: LOG_PROMPTS_TO_DB=true. */
  logPrompts?: boolean;
  logger?: SqlLogger;
  /**
   * Run as a server of a fleet: every process whose agents use this database
   * shares their rooms (each answered by one server at a time, taken over
   * when it dies). Off unless given; the plugin turns it on for a database
   * server unless KITH_FLEET=off. `leaseMs` (KITH_LEASE_MS, default 10,000):
   * how long a silent server keeps its rooms. Ignored on PGlite.
   */
  fleet?: { leaseMs?: number } | false;
}

export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

export function resolvePgSettings(options: PgAdapterOptions): PgConnectionSettings {
  if (!options.url && !options.pglite)
    throw new TypeError('PgDatabaseAdapter needs a url (KITH_DATABASE_URL) or a pglite instance');
  const poolMax = Math.floor(options.poolMax ?? DEFAULT_POOL_MAX);
  return {
    url: options.url,
    pglite: options.pglite,
    poolMax: Number.isFinite(poolMax) && poolMax >= 1 ? poolMax : DEFAULT_POOL_MAX,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    vectors: options.vectorSearch ?? 'auto',
    simd: !options.disableSimd,
    logger: options.logger ?? defaultSqlLogger(),
  };
}
