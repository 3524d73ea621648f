import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginLoadError';
const marker = Symbol.for(`kith.error.${name}`);

/** The plugin package is installed but importing it threw; `cause` is what it threw. */
export class PluginLoadError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly specifier: string,
    readonly entry: string,
    cause: unknown,
    hint?: string,
  ) {
    super(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `Plugin package "${specifier}" is installed but failed to load (${entry}): ${cause instanceof Error ? cause.message : String(cause)}${hint ? `. ${hint}` : ''}`,
      { cause },
    );
  }

  /** True for a PluginLoadError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginLoadError {
    return KithError.hasMarker(error, marker);
  }
}
