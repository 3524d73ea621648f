// @kith/plugin-sql: the database adapters (SQLite, PostgreSQL) and the plugin that registers one.
import { copyModule, pgAdapterModule, pgSchemaModule } from './load-pg-dialect';
import { sqlPlugin } from './plugin';

export { sqlPlugin };
export default sqlPlugin;
export { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
export { createDatabaseAdapter, type PostgresAdapterOptions } from './create-database-adapter';
export type { PgDatabaseStatus } from './pg/pg-database-adapter';
// PgDatabaseAdapter and pgSchema are values whose modules load when first read (see load-pg-dialect).
export declare const PgDatabaseAdapter: typeof import('./pg/pg-database-adapter').PgDatabaseAdapter;
export type PgDatabaseAdapter = import('./pg/pg-database-adapter').PgDatabaseAdapter;
export declare const pgSchema: typeof import('./pg/schema');
// kith db copy's entry points need node-postgres too.
export declare const copySqliteToPostgres: typeof import('./copy').copySqliteToPostgres;
export declare const missingRows: typeof import('./copy').missingRows;
Object.defineProperties(exports, {
  PgDatabaseAdapter: { enumerable: true, get: () => pgAdapterModule().PgDatabaseAdapter },
  pgSchema: { enumerable: true, get: () => pgSchemaModule() },
  copySqliteToPostgres: { enumerable: true, get: () => copyModule().copySqliteToPostgres },
  missingRows: { enumerable: true, get: () => copyModule().missingRows },
});
export { type PgAdapterOptions, DEFAULT_POOL_MAX } from './pg/pg-adapter-options';
export type { KithPgDatabase } from './pg/connection/pg-driver';
export type { PgliteLike } from './pg/connection/pglite-driver';
export type { VectorMode, VectorPreference } from './pg/vectors/pgvector-columns';
export type { PgPluginSchemaReport } from './pg/migrations/migrate-pg-plugin-schema';
export { databaseUrlSetting } from './plugin';
export { type SqliteAdapterOptions, DEFAULT_DATA_DIR, DEFAULT_FILENAME } from './sqlite/adapter-options';
export type { KithSqliteDatabase } from './sqlite/connection/sqlite-connection';
export type { SqlLogger } from './shared/sql-logger';
export { EMBEDDING_DIMENSIONS, type EmbeddingDimension } from './shared/vectors/embedding-dimensions';
export type { VectorKernel } from './shared/vectors/int8-matrix';
export { VECTOR_WEIGHT } from './sqlite/search/hybrid-rerank';
export { compactLogBody } from './shared/logs/compact-log-body';
export { RUN_LOG_TYPE, MODEL_LOG_PREFIX } from './shared/logs/run-log-recorder';
export { DUPLICATE_SIMILARITY } from './shared/memories/duplicate-similarity';
export type { PluginSchemaReport } from './sqlite/migrations/migrate-plugin-schema';
export * from './errors';
export * as schema from './sqlite/schema';
export type { CopyOptions, CopyProgress, CopyReport, TableCopyReport } from './copy';
export type { Conversation } from './shared/rooms/conversation';
export type { AgentUpdateResult } from './shared/adapter/dialect-stores';
