/**
 * The PostgreSQL dialect, loaded on first use. node-postgres, drizzle's
 * pg-core and the pg schema and stores cost a process that stays on SQLite
 * (the default) ~7 MB of RSS when required, and 2.6 MB of its live heap for
 * good (bench/pipeline.js group, mid-run), so the package's entry and
 * createDatabaseAdapter reach them through these functions only.
 */
export function pgAdapterModule(): typeof import('./pg/pg-database-adapter') {
  return require('./pg/pg-database-adapter') as typeof import('./pg/pg-database-adapter');
}

export function pgSchemaModule(): typeof import('./pg/schema') {
  return require('./pg/schema') as typeof import('./pg/schema');
}

export function copyModule(): typeof import('./copy') {
  return require('./copy') as typeof import('./copy');
}
