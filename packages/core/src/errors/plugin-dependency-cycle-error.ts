import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginDependencyCycleError';
const marker = Symbol.for(`kith.error.${name}`);

/** Plugin `dependencies` form a cycle, so no start order exists. */
export class PluginDependencyCycleError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly cycle: string[]) {
    super(
      ErrorCode.PLUGIN_DEPENDENCY_CYCLE,
      `Plugin dependency cycle: ${cycle.join(' -> ')}. Remove one of these dependencies.`,
    );
  }

  /** True for a PluginDependencyCycleError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginDependencyCycleError {
    return KithError.hasMarker(error, marker);
  }
}
