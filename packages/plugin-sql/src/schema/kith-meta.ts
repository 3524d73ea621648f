import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Adapter bookkeeping (e.g. whether the vector index must be rebuilt). */
export const kithMeta = sqliteTable('kith_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
