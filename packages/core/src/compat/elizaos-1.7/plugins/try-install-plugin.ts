import { PluginAutoInstallUnsupportedError } from '../../../errors/plugin-auto-install-unsupported-error';

/**
 * elizaOS installs a missing plugin with `bun add` here. Kith does not
 * install at run time: this always rejects with a
 * PluginAutoInstallUnsupportedError that says to run `kith add <name>`.
 */
export async function tryInstallPlugin(pluginName: string): Promise<boolean> {
  throw new PluginAutoInstallUnsupportedError(pluginName);
}
