import type { WorldMetadata } from '@kith/core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const worlds = sqliteTable(
  'worlds',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    name: text('name'),
    serverId: text('server_id'),
    messageServerId: text('message_server_id'),
    metadata: text('metadata', { mode: 'json' }).$type<WorldMetadata>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('worlds_agent_idx').on(t.agentId)],
);
