import type { Content, MemoryMetadata } from '@kith/core';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Messages, facts, documents... `type` holds the table name the memory was
 * created under. `seq` is the stable integer key that the vector index and
 * the full-text index use as their rowid.
 */
export const memories = sqliteTable(
  'memories',
  {
    seq: integer('seq').primaryKey(),
    id: text('id').notNull().unique('memories_id_unique'),
    agentId: text('agent_id').notNull(),
    type: text('type').notNull(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id').notNull(),
    worldId: text('world_id'),
    content: text('content', { mode: 'json' }).$type<Content>().notNull(),
    metadata: text('metadata', { mode: 'json' }).$type<MemoryMetadata>().notNull(),
    unique: integer('is_unique', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // Recent memories of a room (the hot read) and room-wide deletes/counts. No agent_id: a room
    // rarely holds several agents' memories, and 36 bytes less per memory keep the file small.
    index('memories_room_type_idx').on(t.roomId, t.type, t.createdAt),
    index('memories_agent_type_idx').on(t.agentId, t.type, t.createdAt),
    index('memories_world_idx').on(t.worldId, t.createdAt),
    // getRepliesTo: the replies to a message (the exactly-once check of every redelivered message). Partial:
    // only replies carry inReplyTo, so other memories add nothing to it.
    index('memories_in_reply_to_idx')
      .on(sql`content ->> '$.inReplyTo'`)
      .where(sql`content ->> '$.inReplyTo' IS NOT NULL`),
  ],
);
