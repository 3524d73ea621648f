import type { UUID } from '@kith/core';
import type { SqliteAdapterOptions } from './adapter-options';
import { SqliteDatabaseAdapter } from './sqlite-database-adapter';

/** An (uninitialised) adapter for `agentId`; call `init()` before use (the runtime does). */
export function createDatabaseAdapter(options: SqliteAdapterOptions, agentId: UUID): SqliteDatabaseAdapter {
  return new SqliteDatabaseAdapter(agentId, options);
}
