import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'UnsupportedEmbeddingDimensionError';
const marker = Symbol.for(`kith.error.${name}`);

/** The embedding model produces vectors of a size the store has no column for. */
export class UnsupportedEmbeddingDimensionError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly dimension: number,
    readonly supported: readonly number[],
  ) {
    super(
      SqlErrorCode.UNSUPPORTED_EMBEDDING_DIMENSION,
      `Embedding dimension ${dimension} is not supported; use an embedding model producing one of ${supported.join(', ')} dimensions.`,
    );
  }

  /** True for an UnsupportedEmbeddingDimensionError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is UnsupportedEmbeddingDimensionError {
    return KithError.hasMarker(error, marker);
  }
}
