import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'EmbeddingDimensionMismatchError';
const marker = Symbol.for(`kith.error.${name}`);

/** An embedding's length differs from the dimension this agent's store was created with. */
export class EmbeddingDimensionMismatchError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      ErrorCode.EMBEDDING_DIMENSION_MISMATCH,
      `Embedding has ${actual} dimensions but this agent stores ${expected}-dimension vectors. Use an embedding model with ${expected} dimensions, or start with a new data directory to switch to ${actual}.`,
    );
  }

  /** True for an EmbeddingDimensionMismatchError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is EmbeddingDimensionMismatchError {
    return KithError.hasMarker(error, marker);
  }
}
