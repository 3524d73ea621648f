import type { Metadata } from '@kith/core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const rooms = sqliteTable(
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
    metadata: text('metadata', { mode: 'json' }).$type<Metadata>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('rooms_world_idx').on(t.worldId)],
);
