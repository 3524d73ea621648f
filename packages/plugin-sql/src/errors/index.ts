export { SqlErrorCode, type SqlErrorCodeName } from './sql-error-codes';
export {
  AdapterNotInitializedError,
  SqlInvalidArgumentError,
  SqlMigrationError,
  UnsupportedEmbeddingDimensionError,
} from './sql-errors';
