import type { TaskMetadata } from '@kith/core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const tasks = sqliteTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    roomId: text('room_id'),
    worldId: text('world_id'),
    entityId: text('entity_id'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    metadata: text('metadata', { mode: 'json' }).$type<TaskMetadata>().notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('tasks_agent_name_idx').on(t.agentId, t.name), index('tasks_room_idx').on(t.roomId)],
);
