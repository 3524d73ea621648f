import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginInitTimeoutError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin's init did not finish within PLUGIN_INIT_TIMEOUT_MS. Retryable. */
export class PluginInitTimeoutError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly pluginName: string,
    readonly timeoutMs: number,
  ) {
    super(
      ErrorCode.PLUGIN_INIT_TIMEOUT,
      `Plugin "${pluginName}" did not finish init within ${timeoutMs} ms. Check what its init awaits, or raise PLUGIN_INIT_TIMEOUT_MS.`,
      { retryable: true },
    );
  }

  /** True for a PluginInitTimeoutError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginInitTimeoutError {
    return KithError.hasMarker(error, marker);
  }
}
