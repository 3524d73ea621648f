import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createUniqueUuid, type UUID } from '@kith/core';

/** A stored message as these tests look at it. */
export interface StoredMessage {
  seq: number;
  id: string;
  entityId: string;
  roomId: string;
  inReplyTo?: string;
  actions: string[];
}

interface Row {
  seq: number;
  id: string;
  entity_id: string;
  room_id: string;
  content: string;
}

/**
 * The server's SQLite file opened read-only beside the running server (WAL
 * lets a reader in while it writes): what was really stored, not what the
 * server said.
 */
export class DatabaseView {
  private readonly db: Database.Database;

  /** `writable` only for a file no server has open (it lets SQLite recover the WAL after a crash, as a new server would). */
  constructor(dataDir: string, writable = false) {
    this.db = new Database(join(dataDir, 'kith.db'), { readonly: !writable, fileMustExist: true });
  }

  /** Messages the server accepted (acknowledged) and never answered: still pending in its inbox. */
  pendingIds(): Set<string> {
    const rows = this.db
      .prepare<[], { message: string }>("SELECT message_id AS message FROM inbox WHERE state = 'accepted'")
      .all();
    return new Set(rows.map((row) => row.message));
  }

  integrityCheck(): string {
    return (this.db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
  }

  /** The agent's `messages` memories of a room, in the order they were stored. */
  roomMessages(roomId: string): StoredMessage[] {
    const rows = this.db
      .prepare<[string], Row>(
        "SELECT seq, id, entity_id, room_id, content FROM memories WHERE type = 'messages' AND room_id = ? ORDER BY seq",
      )
      .all(roomId);
    return rows.map(toStored);
  }

  /** Which of these memory ids are stored. */
  storedIds(ids: string[]): Set<string> {
    const rows = this.db
      .prepare<[string], { id: string }>('SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids));
    return new Set(rows.map((row) => row.id));
  }

  /** Every stored reply of the agent, by the memory id it answers. */
  repliesByMessage(agentId: string): Map<string, StoredMessage[]> {
    const rows = this.db
      .prepare<[string], Row>(
        "SELECT seq, id, entity_id, room_id, content FROM memories WHERE type = 'messages' AND entity_id = ? ORDER BY seq",
      )
      .all(agentId);
    const replies = new Map<string, StoredMessage[]>();
    for (const reply of rows.map(toStored)) {
      if (!reply.inReplyTo) continue;
      replies.set(reply.inReplyTo, [...(replies.get(reply.inReplyTo) ?? []), reply]);
    }
    return replies;
  }

  close(): void {
    this.db.close();
  }
}

function toStored(row: Row): StoredMessage {
  const content = JSON.parse(row.content) as { inReplyTo?: string; actions?: string[] };
  return {
    seq: row.seq,
    id: row.id,
    entityId: row.entity_id,
    roomId: row.room_id,
    inReplyTo: content.inReplyTo,
    actions: content.actions ?? [],
  };
}

/** The agent's memory id of a message sent with `messageId` (what the server stores it under). */
export function memoryIdOf(agentId: string, messageId: string): string {
  return createUniqueUuid({ agentId: agentId as UUID }, messageId);
}

/**
 * What the agent's replies to that message carry as `content.inReplyTo`: the
 * pipeline derives it from the memory id once more (as elizaOS does).
 */
export function inReplyToOf(agentId: string, messageId: string): string {
  return createUniqueUuid({ agentId: agentId as UUID }, memoryIdOf(agentId, messageId));
}
