import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'ModelTimeoutError';
const marker = Symbol.for(`kith.error.${name}`);

/** A model handler gave no answer (and, when streaming, no chunk) within MODEL_TIMEOUT_MS. Retryable. */
export class ModelTimeoutError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly modelType: string,
    readonly provider: string,
    readonly timeoutMs: number,
  ) {
    super(
      ErrorCode.MODEL_TIMEOUT,
      `${modelType} handler of "${provider}" did not answer within ${timeoutMs} ms. Check that the model server is reachable, or raise MODEL_TIMEOUT_MS.`,
      { retryable: true },
    );
  }

  /** True for a ModelTimeoutError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ModelTimeoutError {
    return KithError.hasMarker(error, marker);
  }
}
