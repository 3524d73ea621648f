import { blob, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { memories } from './memories';

/**
 * The stored vector of a memory (little-endian Float32): the only copy on
 * disk. Vector search runs on an in-memory index loaded from this table
 * (see VectorIndex); triggers on it bump kith_meta.vector_version.
 */
export const embeddings = sqliteTable('embeddings', {
  memorySeq: integer('memory_seq')
    .primaryKey()
    .references(() => memories.seq, { onDelete: 'cascade' }),
  dimension: integer('dimension').notNull(),
  vector: blob('vector', { mode: 'buffer' }).notNull(),
});
