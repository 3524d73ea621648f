import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginDependencyMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin lists a `dependencies` entry that is not registered. */
export class PluginDependencyMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly pluginName: string,
    readonly dependency: string,
  ) {
    super(
      ErrorCode.PLUGIN_DEPENDENCY_MISSING,
      `Plugin "${pluginName}" depends on "${dependency}", which is not registered. Add "${dependency}" to the character's plugins list.`,
    );
  }

  /** True for a PluginDependencyMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginDependencyMissingError {
    return KithError.hasMarker(error, marker);
  }
}
