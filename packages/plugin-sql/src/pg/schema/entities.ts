import type { Metadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const entities = pgTable(
  'entities',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    names: jsonb('names').$type<string[]>().notNull(),
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('entities_agent_idx').on(t.agentId)],
);
