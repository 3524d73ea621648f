import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Channels: rooms of several agents and people, shared by every agent on the
 * database (no agent_id). The row also keeps the channel's loop guard:
 * `agent_turns` taken since the last person's message (at `last_person_at`),
 * and `last_seq`, the seq of its newest message (appends take the next).
 */
export const channels = sqliteTable('channels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The participant agents' ids as a JSON array, in the order they joined. */
  agentIds: text('agent_ids', { mode: 'json' }).$type<string[]>().notNull(),
  maxAgentTurns: integer('max_agent_turns').notNull(),
  agentTurns: integer('agent_turns').notNull().default(0),
  /** Of those, the turns agents took on the person's message (each agent's one, kept even if it then said nothing). */
  personTurns: integer('person_turns').notNull().default(0),
  /** Epoch ms of the newest person's message that reset the turns; null before any. */
  lastPersonAt: integer('last_person_at'),
  lastSeq: integer('last_seq').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});
