import type { Metadata } from '@kith/core';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const relationships = sqliteTable(
  'relationships',
  {
    id: text('id').primaryKey(),
    sourceEntityId: text('source_entity_id').notNull(),
    targetEntityId: text('target_entity_id').notNull(),
    agentId: text('agent_id').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    metadata: text('metadata', { mode: 'json' }).$type<Metadata>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('relationships_pair_unique').on(t.sourceEntityId, t.targetEntityId, t.agentId),
    index('relationships_target_idx').on(t.targetEntityId),
  ],
);
