import type { Content, MemoryMetadata } from '@kith/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tsvector } from './column-types';

/**
 * Messages, facts, documents... `type` holds the table name the memory was
 * created under. `seq` is the integer key the in-process vector index uses.
 * The vector is stored in the row (`embedding`, little-endian float32, with
 * its `dimension`); where pgvector is installed the adapter adds a
 * `vec_<n>` column per supported size with an HNSW index (see
 * pgvector-columns.ts), outside the migrations because the type may not exist.
 * `fts` is the full-text document of content.text, kept by Postgres itself.
 */
export const memories = pgTable(
  'memories',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull().unique('memories_id_unique'),
    agentId: text('agent_id').notNull(),
    type: text('type').notNull(),
    entityId: text('entity_id').notNull(),
    roomId: text('room_id').notNull(),
    worldId: text('world_id'),
    content: jsonb('content').$type<Content>().notNull(),
    metadata: jsonb('metadata').$type<MemoryMetadata>().notNull(),
    unique: boolean('is_unique').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    dimension: integer('dimension'),
    embedding: bytea('embedding'),
    fts: tsvector('fts').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, coalesce(content->>'text', ''))`),
  },
  (t) => [
    index('memories_room_type_idx').on(t.roomId, t.type, t.createdAt),
    index('memories_agent_type_idx').on(t.agentId, t.type, t.createdAt),
    index('memories_world_idx').on(t.worldId, t.createdAt),
    index('memories_fts_idx').using('gin', t.fts),
    // getRepliesTo: the replies to a message (the exactly-once check of every redelivered message).
    // Partial: only replies carry inReplyTo.
    index('memories_in_reply_to_idx')
      .on(sql`(content ->> 'inReplyTo')`)
      .where(sql`content ->> 'inReplyTo' IS NOT NULL`),
  ],
);
