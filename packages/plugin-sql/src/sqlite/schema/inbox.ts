import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The durable inbox: one row per message an agent accepted, kept after it is
 * answered so a repeated message id is recognised across restarts. Its own
 * table, not memories: bookkeeping pays for no full-text or vector upkeep.
 * `seq` is the arrival order (AUTOINCREMENT: never reused); pending entries
 * are read per agent and per room in that order.
 */
export const inbox = sqliteTable(
  'inbox',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    agentId: text('agent_id').notNull(),
    /** The client's message id (the bus message id). */
    messageId: text('message_id').notNull(),
    roomId: text('room_id').notNull(),
    /** The message as JSON (the bus message); null once answered. */
    body: text('body', { mode: 'json' }).$type<Record<string, unknown>>(),
    state: text('state', { enum: ['accepted', 'answered'] }).notNull(),
    acceptedAt: integer('accepted_at').notNull(),
    answeredAt: integer('answered_at'),
  },
  (t) => [
    uniqueIndex('inbox_agent_message_unique').on(t.agentId, t.messageId),
    // Only pending entries are indexed by agent and room: answered ones cost the unique index alone.
    index('inbox_pending_agent_idx')
      .on(t.agentId, t.seq)
      .where(sql`state = 'accepted'`),
    index('inbox_pending_room_idx')
      .on(t.roomId, t.seq)
      .where(sql`state = 'accepted'`),
  ],
);
