import { bigint, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const cache = pgTable(
  'cache',
  {
    key: text('key').notNull(),
    agentId: text('agent_id').notNull(),
    value: jsonb('value').$type<unknown>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** Epoch ms after which the entry reads as absent; null = never. */
    expiresAt: bigint('expires_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.agentId] })],
);
