import type { Metadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id'),
    name: text('name'),
    source: text('source').notNull(),
    type: text('type').notNull(),
    channelId: text('channel_id'),
    serverId: text('server_id'),
    messageServerId: text('message_server_id'),
    worldId: text('world_id'),
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rooms_world_idx').on(t.worldId)],
);
