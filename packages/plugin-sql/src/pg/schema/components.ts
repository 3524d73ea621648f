import type { Metadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const components = pgTable(
  'components',
  {
    id: text('id').primaryKey(),
    entityId: text('entity_id').notNull(),
    agentId: text('agent_id').notNull(),
    roomId: text('room_id'),
    worldId: text('world_id'),
    sourceEntityId: text('source_entity_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Metadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('components_entity_type_idx').on(t.entityId, t.type)],
);
