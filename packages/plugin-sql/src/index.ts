// @kith/plugin-sql: the SQLite database adapter and the plugin that registers it.
import { sqlPlugin } from './plugin';

export { sqlPlugin };
export default sqlPlugin;
export { SqliteDatabaseAdapter } from './sqlite-database-adapter';
export { createDatabaseAdapter } from './create-database-adapter';
export { type SqliteAdapterOptions, DEFAULT_DATA_DIR, DEFAULT_FILENAME } from './adapter-options';
export type { KithSqliteDatabase } from './connection/sqlite-connection';
export type { SqlLogger } from './connection/sql-logger';
export { EMBEDDING_DIMENSIONS, type EmbeddingDimension } from './vectors/embedding-dimensions';
export type { VectorKernel } from './vectors/int8-matrix';
export { VECTOR_WEIGHT } from './search/hybrid-rerank';
export { compactLogBody } from './logs/compact-log-body';
export { RUN_LOG_TYPE, MODEL_LOG_PREFIX } from './logs/run-log-recorder';
export { DUPLICATE_SIMILARITY } from './stores/memory-writes';
export type { PluginSchemaReport } from './migrations/migrate-plugin-schema';
export * from './errors';
export * as schema from './schema';
