import { logger } from '../../../logger';
import type { Plugin } from '../../../types/plugin';
import { importPackage } from './import-package';
import { pickPluginExport } from './pick-plugin-export';
import { validatePlugin } from './validate-plugin';

/**
 * Imports the package `pluginName` (a dynamic import, resolved from
 * @kith/core's location) and returns its plugin export; null, with a
 * warning, when it is not installed, fails to import or exports no plugin.
 * Kith never installs it: the warning says to run `kith add`.
 */
export async function loadAndPreparePlugin(pluginName: string): Promise<Plugin | null> {
  let module: Record<string, unknown>;
  try {
    module = await importPackage(pluginName);
  } catch (error) {
    logger.warn(
      { src: 'core:plugin', pluginName, err: error },
      `Failed to load plugin ${pluginName}; if it is not installed, add it with: kith add ${pluginName}`,
    );
    return null;
  }
  const plugin = pickPluginExport(module, pluginName);
  if (!plugin) logger.warn({ src: 'core:plugin', pluginName }, `No valid plugin export found in ${pluginName}`);
  return plugin;
}

/** A plugin by package name (imported as loadAndPreparePlugin does) or as an object (checked with validatePlugin); null when unusable. */
export async function loadPlugin(nameOrPlugin: string | Plugin): Promise<Plugin | null> {
  if (typeof nameOrPlugin === 'string') return loadAndPreparePlugin(nameOrPlugin);
  const { isValid, errors } = validatePlugin(nameOrPlugin);
  if (isValid) return nameOrPlugin;
  logger.error({ src: 'core:plugin', errors }, `Invalid plugin provided: ${errors.join('; ')}`);
  return null;
}
