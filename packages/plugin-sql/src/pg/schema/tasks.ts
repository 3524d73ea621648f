import type { TaskMetadata } from '@kith/core';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    roomId: text('room_id'),
    worldId: text('world_id'),
    entityId: text('entity_id'),
    tags: jsonb('tags').$type<string[]>().notNull(),
    metadata: jsonb('metadata').$type<TaskMetadata>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('tasks_agent_name_idx').on(t.agentId, t.name), index('tasks_room_idx').on(t.roomId)],
);
