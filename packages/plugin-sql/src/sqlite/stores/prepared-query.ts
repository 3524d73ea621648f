import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { KithSqliteDatabase } from '../connection/sqlite-connection';
import type { StoreContext } from './store-context';

const byDatabase = new WeakMap<KithSqliteDatabase, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database handle and reused.
 * drizzle otherwise rebuilds the SQL text of a query on every call, which
 * cost more than running it for the small reads every turn makes (room,
 * world, participants, entities). Parameters are `sql.placeholder(name)`.
 */
export function preparedQuery<Query>(ctx: StoreContext, name: string, build: (db: KithSqliteDatabase) => Query): Query {
  const db = ctx.conn.db;
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map<string, unknown>()));
  let query = queries.get(name) as Query | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/** `{ key: sql.placeholder('key'), ... }`: the values of a prepared insert or update, filled per call. */
export function placeholders<const Key extends string>(keys: readonly Key[]): Record<Key, Placeholder<Key>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<Key, Placeholder<Key>>;
}

/** `column IN (the JSON array bound to placeholder)`: one prepared statement serves any list length. */
export function inJsonList(column: AnySQLiteColumn, placeholder: string): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(placeholder)}))`;
}
