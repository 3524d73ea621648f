import type { Plugin } from '../../../types/plugin';
import { loadPlugin } from './load-plugin';
import { normalizePluginName } from './normalize-plugin-name';
import { resolvePluginDependencies } from './resolve-plugin-dependencies';

/**
 * Loads plugins given by package name or as objects, then the dependencies
 * they name (and test dependencies in test mode) that are not loaded yet,
 * and returns them all in dependency order. One that fails to load is left
 * out (loadPlugin logs why).
 */
export async function resolvePlugins(plugins: (string | Plugin)[], isTestMode = false): Promise<Plugin[]> {
  const loaded = new Map<string, Plugin>();
  const queued = new Set<string>();
  const queue: (string | Plugin)[] = [...plugins];

  const isKnown = (dependency: string): boolean => {
    const short = normalizePluginName(dependency);
    if (queued.has(dependency) || queued.has(short)) return true;
    for (const [key, plugin] of loaded) {
      if (normalizePluginName(key) === short) return true;
      if (plugin.name === dependency || plugin.name === short || normalizePluginName(plugin.name) === short)
        return true;
    }
    return false;
  };

  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const plugin = await loadPlugin(next);
    if (!plugin || loaded.has(plugin.name)) continue;
    loaded.set(plugin.name, plugin);
    const dependencies = [...(plugin.dependencies ?? []), ...(isTestMode ? (plugin.testDependencies ?? []) : [])];
    for (const dependency of dependencies) {
      if (isKnown(dependency)) continue;
      queued.add(dependency);
      queued.add(normalizePluginName(dependency));
      queue.push(dependency);
    }
  }
  return resolvePluginDependencies(loaded, isTestMode);
}
