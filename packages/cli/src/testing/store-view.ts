import { DatabaseView, type StoredMessage } from './database-view';
import { PgDatabaseView } from './pg-database-view';

/**
 * What the reliability tests read of a server's database, on either
 * dialect: what was really stored, not what the server said.
 */
export interface StoreView {
  readonly dialect: 'sqlite' | 'postgres';
  /** Messages accepted (acknowledged) and never answered: still pending in the inbox. */
  pendingIds(): Promise<Set<string>>;
  /** Which of these memory ids are stored. */
  storedIds(ids: string[]): Promise<Set<string>>;
  /** Every stored reply of the agent, by the memory id it answers. */
  repliesByMessage(agentId: string): Promise<Map<string, StoredMessage[]>>;
  /** SQLite's PRAGMA integrity_check; null on PostgreSQL (the server keeps its own files consistent). */
  integrityCheck(): Promise<string | null>;
  close(): Promise<void>;
}

/** The server's SQLite file (see DatabaseView; `writable` only for a file no server has open). */
export function sqliteStoreView(dataDir: string, writable = false): StoreView {
  const view = new DatabaseView(dataDir, writable);
  return {
    dialect: 'sqlite',
    pendingIds: async () => view.pendingIds(),
    storedIds: async (ids) => view.storedIds(ids),
    repliesByMessage: async (agentId) => view.repliesByMessage(agentId),
    integrityCheck: async () => view.integrityCheck(),
    close: async () => view.close(),
  };
}

/** The server's PostgreSQL database, through a connection of the test's own (see PgDatabaseView). */
export async function pgStoreView(url: string): Promise<StoreView> {
  const view = await PgDatabaseView.open(url);
  return {
    dialect: 'postgres',
    pendingIds: () => view.pendingIds(),
    storedIds: (ids) => view.storedIds(ids),
    repliesByMessage: (agentId) => view.repliesByMessage(agentId),
    integrityCheck: async () => null,
    close: () => view.close(),
  };
}
