import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginNotFoundError';
const marker = Symbol.for(`kith.error.${name}`);

/** The plugin package is not installed where the agent looks for it. */
export class PluginNotFoundError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly specifier: string,
    detail?: string,
  ) {
    super(
      ErrorCode.PLUGIN_NOT_FOUND,
      `Plugin package "${specifier}" is not installed${detail ? ` (${detail})` : ''}. Install it with: kith add ${specifier} (or npm install ${specifier})`,
    );
  }

  /** True for a PluginNotFoundError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginNotFoundError {
    return KithError.hasMarker(error, marker);
  }
}
