import { blob, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { memories } from './memories';

/**
 * The stored vector of a memory (little-endian Float32). This table is the
 * source of truth; the sqlite-vec tables are an index rebuilt from it.
 */
export const embeddings = sqliteTable('embeddings', {
  memorySeq: integer('memory_seq')
    .primaryKey()
    .references(() => memories.seq, { onDelete: 'cascade' }),
  dimension: integer('dimension').notNull(),
  vector: blob('vector', { mode: 'buffer' }).notNull(),
});
