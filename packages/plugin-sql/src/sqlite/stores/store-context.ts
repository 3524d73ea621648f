import type { UUID } from '@kith/core';
import type { SqliteConnection } from '../connection/sqlite-connection';

/** What every store function works with: the agent it serves and the shared connection. */
export interface StoreContext {
  readonly agentId: UUID;
  readonly conn: SqliteConnection;
}

/** A JSON array parameter, read in SQL with `json_each(?)` so one statement serves any list length. */
export function jsonList(values: readonly string[]): string {
  return JSON.stringify(values);
}
