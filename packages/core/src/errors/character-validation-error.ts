import { KithError, type KithErrorOptions } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'CharacterValidationError';
const marker = Symbol.for(`kith.error.${name}`);

/** A character file or object failed validation; `problems` lists each field and what is wrong. */
export class CharacterValidationError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly source: string,
    readonly problems: string[],
    options?: KithErrorOptions,
  ) {
    super(ErrorCode.CHARACTER_INVALID, `Invalid character ${source}:\n  - ${problems.join('\n  - ')}`, options);
  }

  /** True for a CharacterValidationError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is CharacterValidationError {
    return KithError.hasMarker(error, marker);
  }
}
