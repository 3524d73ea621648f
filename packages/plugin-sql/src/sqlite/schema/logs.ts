import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Compact records (run events, model usage); see compactLogBody for what a body keeps. */
export const logs = sqliteTable(
  'logs',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id'),
    type: text('type').notNull(),
    body: text('body', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('logs_agent_type_idx').on(t.agentId, t.type, t.createdAt),
    // A room's records of one type (its runs) newest first, without scanning other rooms'.
    index('logs_room_type_idx').on(t.roomId, t.type, t.createdAt),
  ],
);
