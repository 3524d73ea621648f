import type { Metadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const relationships = pgTable(
  'relationships',
  {
    id: text('id').primaryKey(),
    sourceEntityId: text('source_entity_id').notNull(),
    targetEntityId: text('target_entity_id').notNull(),
    agentId: text('agent_id').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('relationships_pair_unique').on(t.sourceEntityId, t.targetEntityId, t.agentId),
    index('relationships_target_idx').on(t.targetEntityId),
  ],
);
