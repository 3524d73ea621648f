import type { Metadata } from '@kith/core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const components = sqliteTable(
  'components',
  {
    id: text('id').primaryKey(),
    entityId: text('entity_id').notNull(),
    agentId: text('agent_id').notNull(),
    roomId: text('room_id'),
    worldId: text('world_id'),
    sourceEntityId: text('source_entity_id'),
    type: text('type').notNull(),
    data: text('data', { mode: 'json' }).$type<Metadata>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('components_entity_type_idx').on(t.entityId, t.type)],
);
