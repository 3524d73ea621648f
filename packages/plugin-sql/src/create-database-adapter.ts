import type { UUID } from '@kith/core';
import type { SqliteAdapterOptions } from './sqlite/adapter-options';
import type { PgAdapterOptions } from './pg/pg-adapter-options';
import type { PgDatabaseAdapter } from './pg/pg-database-adapter';
import { pgAdapterModule } from './load-pg-dialect';
import { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';

/** PostgreSQL options: a `url` (or a `pglite` instance) is what picks PostgreSQL. */
export type PostgresAdapterOptions = PgAdapterOptions &
  ({ url: string } | { pglite: NonNullable<PgAdapterOptions['pglite']> });

function isPostgres(options: SqliteAdapterOptions | PostgresAdapterOptions): options is PostgresAdapterOptions {
  return typeof (options as PgAdapterOptions).url === 'string' || (options as PgAdapterOptions).pglite !== undefined;
}

/**
 * An (uninitialised) adapter for `agentId`: PostgreSQL when the options
 * carry a `url` (or a PGlite instance), else SQLite. Call `init()` before
 * use (the runtime does).
 */
export function createDatabaseAdapter(options: PostgresAdapterOptions, agentId: UUID): PgDatabaseAdapter;
export function createDatabaseAdapter(options: SqliteAdapterOptions, agentId: UUID): SqliteDatabaseAdapter;
export function createDatabaseAdapter(
  options: SqliteAdapterOptions | PostgresAdapterOptions,
  agentId: UUID,
): SqliteDatabaseAdapter | PgDatabaseAdapter {
  return isPostgres(options)
    ? new (pgAdapterModule().PgDatabaseAdapter)(agentId, options)
    : new SqliteDatabaseAdapter(agentId, options);
}
