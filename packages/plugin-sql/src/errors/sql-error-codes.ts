/** Stable codes of the errors plugin-sql raises (besides core's own). */
export const SqlErrorCode = {
  NOT_INITIALIZED: 'KITH_SQL_NOT_INITIALIZED',
  UNSUPPORTED_EMBEDDING_DIMENSION: 'KITH_SQL_UNSUPPORTED_EMBEDDING_DIMENSION',
  MIGRATION_FAILED: 'KITH_SQL_MIGRATION_FAILED',
  INVALID_ARGUMENT: 'KITH_SQL_INVALID_ARGUMENT',
} as const;

export type SqlErrorCodeName = (typeof SqlErrorCode)[keyof typeof SqlErrorCode];
