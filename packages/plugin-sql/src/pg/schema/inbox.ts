import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An agent's durable inbox: each inbound message as accepted (before the
 * client is told), then answered. `seq` is the arrival order.
 */
export const inbox = pgTable(
  'inbox',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: text('agent_id').notNull(),
    /** The client's message id (the bus message id). */
    messageId: text('message_id').notNull(),
    roomId: text('room_id').notNull(),
    /** The message as JSON (the bus message); null once answered. */
    body: jsonb('body').$type<Record<string, unknown>>(),
    state: text('state', { enum: ['accepted', 'answered'] }).notNull(),
    acceptedAt: bigint('accepted_at', { mode: 'number' }).notNull(),
    answeredAt: bigint('answered_at', { mode: 'number' }),
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
