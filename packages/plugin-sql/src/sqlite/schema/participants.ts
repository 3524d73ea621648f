import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Who is in which room; `room_state` is FOLLOWED, MUTED or null. */
export const participants = sqliteTable(
  'participants',
  {
    id: text('id').primaryKey(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id').notNull(),
    agentId: text('agent_id').notNull(),
    roomState: text('room_state', { enum: ['FOLLOWED', 'MUTED'] }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('participants_entity_room_unique').on(t.entityId, t.roomId),
    index('participants_room_idx').on(t.roomId),
  ],
);
