import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginInitError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin's init threw; the original error is the `cause` and is quoted in the message. */
export class PluginInitError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly pluginName: string,
    cause: unknown,
  ) {
    super(
      ErrorCode.PLUGIN_INIT_FAILED,
      `Plugin "${pluginName}" failed to initialise: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }

  /** True for a PluginInitError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginInitError {
    return KithError.hasMarker(error, marker);
  }
}
