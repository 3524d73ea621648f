import type { UUID } from '@kith/core';
import type { PgConnection } from '../connection/pg-connection';

/** What every PostgreSQL store function works with: the agent it serves and the shared connection. */
export interface PgStoreContext {
  readonly agentId: UUID;
  readonly conn: PgConnection;
}
