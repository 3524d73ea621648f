import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Compact records (run events, model usage); see compactLogBody for what a body keeps. */
export const logs = pgTable(
  'logs',
  {
    /** Insertion order: breaks ties between records of the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull().unique('logs_id_unique'),
    agentId: text('agent_id').notNull(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id'),
    type: text('type').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('logs_agent_type_idx').on(t.agentId, t.type, t.createdAt),
    index('logs_room_type_idx').on(t.roomId, t.type, t.createdAt),
  ],
);
