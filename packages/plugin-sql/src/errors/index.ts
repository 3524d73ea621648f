export { SqlErrorCode, type SqlErrorCodeName } from './sql-error-codes';
export { AdapterNotInitializedError } from './adapter-not-initialized-error';
export { UnsupportedEmbeddingDimensionError } from './unsupported-embedding-dimension-error';
export { SqlMigrationError } from './sql-migration-error';
export { SqlInvalidArgumentError } from './sql-invalid-argument-error';
export {
  DatabaseAuthError,
  DatabaseMissingError,
  DatabaseUnavailableError,
  DatabaseUnreachableError,
  InvalidDatabaseUrlError,
} from './database-errors';
export { type DatabaseTarget, describeDatabaseUrl } from './database-target';
