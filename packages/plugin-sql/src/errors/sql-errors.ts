import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

/** A method was called before `init()` or after `close()`. */
export class AdapterNotInitializedError extends KithError {
  constructor(readonly method: string) {
    super(
      SqlErrorCode.NOT_INITIALIZED,
      `SqliteDatabaseAdapter.${method}() was called before init() or after close(). Await adapter.init() first.`,
    );
  }
}

export class UnsupportedEmbeddingDimensionError extends KithError {
  constructor(
    readonly dimension: number,
    readonly supported: readonly number[],
  ) {
    super(
      SqlErrorCode.UNSUPPORTED_EMBEDDING_DIMENSION,
      `Embedding dimension ${dimension} is not supported; use an embedding model producing one of ${supported.join(', ')} dimensions.`,
    );
  }
}

/** A core or plugin migration failed; nothing of it was applied. */
export class SqlMigrationError extends KithError {
  constructor(
    readonly migration: string,
    problem: string,
    options: { cause?: unknown } = {},
  ) {
    super(SqlErrorCode.MIGRATION_FAILED, `Migration "${migration}" failed and was rolled back: ${problem}`, options);
  }
}

export class SqlInvalidArgumentError extends KithError {
  constructor(
    readonly method: string,
    problem: string,
  ) {
    super(SqlErrorCode.INVALID_ARGUMENT, `SqliteDatabaseAdapter.${method}(): ${problem}`);
  }
}
