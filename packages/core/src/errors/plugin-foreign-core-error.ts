import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'PluginForeignCoreError';
const marker = Symbol.for(`kith.error.${name}`);

/** The plugin would run on a real @elizaos/core of its own instead of @kith/core. */
export class PluginForeignCoreError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly specifier: string,
    readonly corePath: string,
    readonly coreVersion: string,
    readonly overridesLine: string,
  ) {
    super(
      ErrorCode.PLUGIN_FOREIGN_CORE,
      `Plugin "${specifier}" would run on its own @elizaos/core ${coreVersion} (${corePath}), not on Kith. ` +
        `Fix: kith add ${specifier} (writes the npm overrides), or add ${overridesLine} to package.json and run npm install.`,
    );
  }

  /** True for a PluginForeignCoreError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginForeignCoreError {
    return KithError.hasMarker(error, marker);
  }
}
