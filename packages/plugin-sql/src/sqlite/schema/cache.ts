import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const cache = sqliteTable(
  'cache',
  {
    key: text('key').notNull(),
    agentId: text('agent_id').notNull(),
    value: text('value', { mode: 'json' }).$type<unknown>(),
    createdAt: integer('created_at').notNull(),
    /** Epoch ms after which the entry reads as absent; null = never. */
    expiresAt: integer('expires_at'),
  },
  (t) => [primaryKey({ columns: [t.key, t.agentId] })],
);
