import { KithError, type KithErrorOptions } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginValidationError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin object is malformed (no name, a broken component...); names the plugin and the problem. */
export class PluginValidationError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly pluginName: string,
    problem: string,
    options?: KithErrorOptions,
  ) {
    super(ErrorCode.PLUGIN_INVALID, `Plugin "${pluginName}" is invalid: ${problem}`, options);
  }

  /** True for a PluginValidationError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginValidationError {
    return KithError.hasMarker(error, marker);
  }
}
