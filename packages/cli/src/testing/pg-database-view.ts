import pg from 'pg';
import type { StoredMessage } from './database-view';

interface Row {
  seq: string;
  id: string;
  entity_id: string;
  room_id: string;
  content: { inReplyTo?: string; actions?: string[] };
}

function toStored(row: Row): StoredMessage {
  return {
    seq: Number(row.seq),
    id: row.id,
    entityId: row.entity_id,
    roomId: row.room_id,
    inReplyTo: row.content.inReplyTo,
    actions: row.content.actions ?? [],
  };
}

/** The fleet's PostgreSQL database as these tests read it: what was really stored, not what the servers said. */
export class PgDatabaseView {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<PgDatabaseView> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new PgDatabaseView(client);
  }

  async pendingIds(): Promise<Set<string>> {
    const { rows } = await this.client.query<{ message_id: string }>(
      "SELECT message_id FROM inbox WHERE state = 'accepted'",
    );
    return new Set(rows.map((row) => row.message_id));
  }

  async storedIds(ids: string[]): Promise<Set<string>> {
    const { rows } = await this.client.query<{ id: string }>('SELECT id FROM memories WHERE id = ANY($1::text[])', [
      ids,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  /** The agent's `messages` memories of a room in the order they were stored. */
  async roomMessages(roomId: string): Promise<StoredMessage[]> {
    const { rows } = await this.client.query<Row>(
      "SELECT seq, id, entity_id, room_id, content FROM memories WHERE type = 'messages' AND room_id = $1 ORDER BY seq",
      [roomId],
    );
    return rows.map(toStored);
  }

  /** Every stored reply of the agent, by the memory id it answers. */
  async repliesByMessage(agentId: string): Promise<Map<string, StoredMessage[]>> {
    const { rows } = await this.client.query<Row>(
      "SELECT seq, id, entity_id, room_id, content FROM memories WHERE type = 'messages' AND entity_id = $1 ORDER BY seq",
      [agentId],
    );
    const replies = new Map<string, StoredMessage[]>();
    for (const reply of rows.map(toStored)) {
      if (!reply.inReplyTo) continue;
      replies.set(reply.inReplyTo, [...(replies.get(reply.inReplyTo) ?? []), reply]);
    }
    return replies;
  }

  /** Waits (polling) until no inbox entry is pending, or `timeoutMs` passed; returns what is still pending. */
  async drained(timeoutMs: number): Promise<Set<string>> {
    let pending = await this.pendingIds();
    for (let waited = 0; pending.size > 0 && waited < timeoutMs; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      pending = await this.pendingIds();
    }
    return pending;
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(text, values)).rows;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
