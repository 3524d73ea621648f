import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Channels: rooms of several agents and people, shared by every agent on the
 * database (no agent_id). The row also keeps the channel's loop guard:
 * `agent_turns` taken since the last person's message (at `last_person_at`),
 * and `last_seq`, the seq of its newest message; an append locks the row, so
 * appends to one channel commit in seq order, on every server of a fleet.
 */
export const channels = pgTable('channels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The participant agents' ids, in the order they joined. */
  agentIds: jsonb('agent_ids').$type<string[]>().notNull(),
  maxAgentTurns: integer('max_agent_turns').notNull(),
  agentTurns: integer('agent_turns').notNull().default(0),
  /** Of those, the turns agents took on the person's message (each agent's one, kept even if it then said nothing). */
  personTurns: integer('person_turns').notNull().default(0),
  /** Epoch ms of the newest person's message that reset the turns; null before any. */
  lastPersonAt: bigint('last_person_at', { mode: 'number' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
