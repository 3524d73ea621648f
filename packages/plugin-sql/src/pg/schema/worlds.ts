import type { WorldMetadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const worlds = pgTable(
  'worlds',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    name: text('name'),
    serverId: text('server_id'),
    messageServerId: text('message_server_id'),
    metadata: jsonb('metadata').$type<WorldMetadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('worlds_agent_idx').on(t.agentId)],
);
