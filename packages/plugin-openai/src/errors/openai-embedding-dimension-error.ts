import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIEmbeddingDimensionError';
const marker = Symbol.for(`kith.error.${name}`);

/** The embedding model returned vectors of another size than OPENAI_EMBEDDING_DIMENSIONS. */
export class OpenAIEmbeddingDimensionError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    context: OpenAIRequestContext,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      OpenAIErrorCode.EMBEDDING_DIMENSION_MISMATCH,
      `${where(context)} returned ${actual}-dimension embeddings but OPENAI_EMBEDDING_DIMENSIONS is ${expected}. Set OPENAI_EMBEDDING_DIMENSIONS=${actual} (a new data directory is needed when the stored dimension changes).`,
      context,
      { retryable: false },
    );
  }

  /** True for an OpenAIEmbeddingDimensionError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIEmbeddingDimensionError {
    return KithError.hasMarker(error, marker);
  }
}
