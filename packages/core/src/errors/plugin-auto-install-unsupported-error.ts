import { ErrorCode } from './error-codes';
import { KithError } from './kith-error';

const name = 'PluginAutoInstallUnsupportedError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * elizaOS's tryInstallPlugin was asked to install a plugin while the agent
 * runs. Kith never installs packages at run time (installs change the
 * project's package.json and lockfile, which the user reviews): plugins are
 * added beforehand with `kith add`.
 */
export class PluginAutoInstallUnsupportedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly pluginName: string) {
    super(
      ErrorCode.PLUGIN_AUTO_INSTALL_UNSUPPORTED,
      `tryInstallPlugin("${pluginName}"): Kith does not install plugins while an agent runs. Install it first with: kith add ${pluginName}`,
    );
  }

  /** True for a PluginAutoInstallUnsupportedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginAutoInstallUnsupportedError {
    return KithError.hasMarker(error, marker);
  }
}
