import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'ConfigValidationError';
const marker = Symbol.for(`kith.error.${name}`);

/** Settings failed validation; `scope` names the plugin and `problems` each key and its problem. */
export class ConfigValidationError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly scope: string,
    readonly problems: string[],
  ) {
    super(ErrorCode.CONFIG_INVALID, `Invalid configuration for ${scope}:\n  - ${problems.join('\n  - ')}`);
  }

  /** True for a ConfigValidationError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ConfigValidationError {
    return KithError.hasMarker(error, marker);
  }
}
