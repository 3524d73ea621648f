import type { Metadata } from '@kith/core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const entities = sqliteTable(
  'entities',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    names: text('names', { mode: 'json' }).$type<string[]>().notNull(),
    metadata: text('metadata', { mode: 'json' }).$type<Metadata>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('entities_agent_idx').on(t.agentId)],
);
