import { logger } from '../../../logger';
import { resolvePluginOrder } from '../../../runtime/plugins/resolve-plugin-order';
import type { Plugin } from '../../../types/plugin';
import { normalizePluginName } from './normalize-plugin-name';

/**
 * Orders the plugins of `availablePlugins` so each comes after its
 * dependencies (and test dependencies in test mode), keeping the map's order
 * otherwise. A dependency may be named by map key, plugin name, package
 * name (`@elizaos/plugin-sql`) or short name (`sql`); one not in the map is
 * skipped with a warning, as in elizaOS. A cycle raises Kith's
 * PluginDependencyCycleError naming it (Kith's boot refuses cycles too).
 */
export function resolvePluginDependencies(availablePlugins: Map<string, Plugin>, isTestMode = false): Plugin[] {
  const lookup = new Map<string, Plugin>();
  for (const [key, plugin] of availablePlugins) {
    lookup.set(key, plugin);
    lookup.set(plugin.name, plugin);
    if (!plugin.name.startsWith('@')) lookup.set(`@elizaos/plugin-${plugin.name}`, plugin);
    lookup.set(normalizePluginName(key), plugin);
  }
  const canonical = (owner: Plugin, dependencies: readonly string[] | undefined): string[] =>
    (dependencies ?? []).flatMap((dependency) => {
      const target = lookup.get(dependency) ?? lookup.get(normalizePluginName(dependency));
      if (target) return [target.name];
      logger.warn(
        { src: 'core:plugin', pluginName: owner.name, dependency },
        `Dependency "${dependency}" of plugin "${owner.name}" not found, skipping`,
      );
      return [];
    });

  // resolvePluginOrder matches dependencies by plugin name: give it copies whose dependencies are canonical names.
  const originals = new Map<string, Plugin>();
  const renamed: Plugin[] = [];
  for (const plugin of availablePlugins.values()) {
    if (originals.has(plugin.name)) continue;
    originals.set(plugin.name, plugin);
    renamed.push({
      ...plugin,
      dependencies: canonical(plugin, plugin.dependencies),
      testDependencies: isTestMode ? canonical(plugin, plugin.testDependencies) : [],
    });
  }
  const ordered = resolvePluginOrder(renamed, { includeTestDependencies: isTestMode }).map(
    (plugin) => originals.get(plugin.name) as Plugin,
  );
  logger.debug({ src: 'core:plugin', plugins: ordered.map((p) => p.name) }, 'Plugins resolved');
  return ordered;
}
