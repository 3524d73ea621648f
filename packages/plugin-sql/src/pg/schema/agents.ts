import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Everything of the character that has no column of its own (bio, system, templates, settings...). */
export type AgentDetails = Record<string, unknown>;

export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username'),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status'),
    /** Vector size this agent stores; fixed by ensureEmbeddingDimension. */
    embeddingDimension: integer('embedding_dimension'),
    details: jsonb('details').$type<AgentDetails>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('agents_name_idx').on(t.name)],
);
