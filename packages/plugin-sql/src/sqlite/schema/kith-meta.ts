import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Adapter bookkeeping: the full-text watermark (fts_indexed_seq) and the vector change counter (vector_version). */
export const kithMeta = sqliteTable('kith_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
