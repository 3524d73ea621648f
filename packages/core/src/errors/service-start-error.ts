import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'ServiceStartError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * A service's `start()` threw or rejected. The agent runs without it; this is
 * what `getServiceLoadPromise` rejects with. The original error is the `cause`.
 */
export class ServiceStartError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly serviceType: string,
    readonly pluginName: string,
    cause: unknown,
  ) {
    super(
      ErrorCode.SERVICE_START_FAILED,
      `Service "${serviceType}" of plugin "${pluginName}" failed to start: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }

  /** True for a ServiceStartError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ServiceStartError {
    return KithError.hasMarker(error, marker);
  }
}
