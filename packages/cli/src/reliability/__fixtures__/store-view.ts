import { Client } from 'pg';
import { DatabaseView, type StoredMessage } from './database-view';

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

interface Row {
  seq: string;
  id: string;
  entity_id: string;
  room_id: string;
  content: { inReplyTo?: string; actions?: string[] };
}

/** The server's PostgreSQL database, through a connection of the test's own. */
export async function pgStoreView(url: string): Promise<StoreView> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    async pendingIds() {
      const { rows } = await client.query<{ message_id: string }>("SELECT message_id FROM inbox WHERE state = 'accepted'");
      return new Set(rows.map((row) => row.message_id));
    },
    async storedIds(ids) {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM memories WHERE id = ANY($1::text[])', [ids]);
      return new Set(rows.map((row) => row.id));
    },
    async repliesByMessage(agentId) {
      const { rows } = await client.query<Row>("SELECT seq, id, entity_id, room_id, content FROM memories WHERE type = 'messages' AND entity_id = $1 ORDER BY seq", [agentId]);
      const replies = new Map<string, StoredMessage[]>();
      for (const row of rows) {
        const inReplyTo = row.content.inReplyTo;
        if (!inReplyTo) continue;
        const reply = { seq: Number(row.seq), id: row.id, entityId: row.entity_id, roomId: row.room_id, inReplyTo, actions: row.content.actions ?? [] };
        replies.set(inReplyTo, [...(replies.get(inReplyTo) ?? []), reply]);
      }
      return replies;
    },
    integrityCheck: async () => null,
    close: () => client.end(),
  };
}
