import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Everything of the character that has no column of its own (bio, system, templates, settings...). */
export type AgentDetails = Record<string, unknown>;

export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    status: text('status'),
    /** Vector size this agent stores; fixed by ensureEmbeddingDimension. */
    embeddingDimension: integer('embedding_dimension'),
    details: text('details', { mode: 'json' }).$type<AgentDetails>().notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('agents_name_idx').on(t.name)],
);
