import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Who is in which room; `room_state` is FOLLOWED, MUTED or null. */
export const participants = pgTable(
  'participants',
  {
    id: text('id').primaryKey(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id').notNull(),
    agentId: text('agent_id').notNull(),
    roomState: text('room_state', { enum: ['FOLLOWED', 'MUTED'] }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('participants_entity_room_unique').on(t.entityId, t.roomId),
    index('participants_room_idx').on(t.roomId),
  ],
);
