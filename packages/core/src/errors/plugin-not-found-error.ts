import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginNotFoundError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin package named in the character could not be loaded. */
export class PluginNotFoundError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly specifier: string, detail?: string) {
    super(ErrorCode.PLUGIN_NOT_FOUND, `Plugin package "${specifier}" could not be loaded${detail ? ` (${detail})` : ''}. Install it with: npm install ${specifier}`);
  }

  /** True for a PluginNotFoundError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginNotFoundError {
    return KithError.hasMarker(error, marker);
  }
}
