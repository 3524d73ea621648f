import { randomUUID } from 'node:crypto';
import type {
  InboundMessage,
  InboxAcceptance,
  InboxEntry,
  InboxState,
  Memory,
  PendingInboundParams,
  UUID,
} from '@kith/core';
import { insertMemoryInTransaction } from './memory-writes';
import { parseJson } from '../../shared/parse-json';
import type { StoreContext } from './store-context';

type InboxRow = [
  seq: number,
  messageId: string,
  roomId: string,
  body: string | null,
  state: InboxState,
  acceptedAt: number,
  answeredAt: number | null,
];

const COLUMNS = 'seq, message_id, room_id, body, state, accepted_at, answered_at';
const INSERT = `INSERT INTO inbox (agent_id, message_id, room_id, body, state, accepted_at)
  VALUES (?, ?, ?, ?, 'accepted', ?) ON CONFLICT (agent_id, message_id) DO NOTHING`;
const BY_MESSAGE = `SELECT ${COLUMNS} FROM inbox WHERE agent_id = ? AND message_id = ?`;
const MARK_ANSWERED = `UPDATE inbox SET state = 'answered', answered_at = ?, body = NULL
  WHERE agent_id = ? AND message_id = ? AND state = 'accepted'`;

function toEntry(row: InboxRow): InboxEntry {
  return {
    seq: row[0],
    messageId: row[1] as UUID,
    roomId: row[2] as UUID,
    body: parseJson<Record<string, unknown> | null>(row[3], null),
    state: row[4],
    acceptedAt: row[5],
    answeredAt: row[6],
  };
}

/**
 * Records the message as accepted and stores its memory (table `messages`)
 * in one transaction, joining the group commit; settles once committed.
 */
export function acceptInbound(ctx: StoreContext, message: InboundMessage, memory?: Memory): Promise<InboxAcceptance> {
  const { conn, agentId } = ctx;
  const withId = memory ? { ...memory, id: memory.id ?? randomUUID() } : undefined;
  return conn.batch(() => {
    const inserted = conn.run(
      INSERT,
      agentId,
      message.messageId,
      message.roomId,
      JSON.stringify(message.body),
      message.acceptedAt ?? Date.now(),
    );
    const entry = toEntry(conn.tuple<InboxRow>(BY_MESSAGE, agentId, message.messageId) as InboxRow);
    if (inserted.changes === 0) return { entry, created: false, stored: false };
    const stored = withId ? insertMemoryInTransaction(ctx, withId, 'messages') : false;
    return { entry, created: true, stored };
  });
}

/** Joins the group commit too, so it commits with writes started in the same tick (the reply). */
export function markInboundAnswered(ctx: StoreContext, messageId: UUID): Promise<boolean> {
  const { conn, agentId } = ctx;
  return conn.batch(() => conn.run(MARK_ANSWERED, Date.now(), agentId, messageId).changes > 0);
}

export function getPendingInbound(ctx: StoreContext, params: PendingInboundParams = {}): InboxEntry[] {
  const { conn, agentId } = ctx;
  const limit =
    params.limit !== undefined && Number.isFinite(params.limit) && params.limit > 0 ? Math.floor(params.limit) : -1;
  const rows =
    params.roomId === undefined
      ? conn.tuples<InboxRow>(
          `SELECT ${COLUMNS} FROM inbox WHERE agent_id = ? AND state = 'accepted' ORDER BY seq LIMIT ?`,
          agentId,
          limit,
        )
      : conn.tuples<InboxRow>(
          `SELECT ${COLUMNS} FROM inbox WHERE room_id = ? AND state = 'accepted' AND agent_id = ? ORDER BY seq LIMIT ?`,
          params.roomId,
          agentId,
          limit,
        );
  return rows.map(toEntry);
}
