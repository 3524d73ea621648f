import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'ModelOutputInvalidError';
const marker = Symbol.for(`kith.error.${name}`);

/** A model handler answered with output of the wrong shape (e.g. no vector from TEXT_EMBEDDING). Retryable. */
export class ModelOutputInvalidError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly modelType: string,
    readonly problem: string,
  ) {
    super(
      ErrorCode.MODEL_OUTPUT_INVALID,
      `${modelType} returned invalid output: ${problem}. Check the model plugin that handles ${modelType} (and its model setting).`,
      { retryable: true },
    );
  }

  /** True for a ModelOutputInvalidError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ModelOutputInvalidError {
    return KithError.hasMarker(error, marker);
  }
}
