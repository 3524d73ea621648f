import type { InboxEntry, InboxState, UUID } from '@kith/core';

/** An inbox row as the statements below select it, in array mode. */
export type EntryRow = [
  seq: number,
  messageId: string,
  roomId: string,
  body: string | null,
  state: InboxState,
  acceptedAt: number,
  answeredAt: number | null,
];

/** The columns of an EntryRow, in order. */
export const ENTRY_COLUMNS = 'seq, message_id, room_id, body::text, state, accepted_at, answered_at';

export function toEntry(row: EntryRow): InboxEntry {
  return {
    seq: Number(row[0]),
    messageId: row[1] as UUID,
    roomId: row[2] as UUID,
    body: row[3] === null ? null : (JSON.parse(row[3]) as Record<string, unknown>),
    state: row[4],
    acceptedAt: Number(row[5]),
    answeredAt: row[6] === null ? null : Number(row[6]),
  };
}
