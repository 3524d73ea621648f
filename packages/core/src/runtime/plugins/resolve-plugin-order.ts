import { PluginDependencyCycleError, PluginDependencyMissingError } from '../../errors/errors';
import type { Plugin } from '../../types/plugin';

/**
 * Orders plugins so every plugin comes after its dependencies, keeping the
 * given order otherwise. Missing dependencies and cycles raise typed errors
 * that name the plugins involved.
 */
export function resolvePluginOrder(plugins: readonly Plugin[], options: { includeTestDependencies?: boolean } = {}): Plugin[] {
  const byName = new Map(plugins.map((plugin) => [plugin.name, plugin]));
  const ordered: Plugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();

  const visit = (plugin: Plugin, path: string[]): void => {
    const mark = state.get(plugin.name);
    if (mark === 'done') return;
    if (mark === 'visiting') {
      throw new PluginDependencyCycleError([...path.slice(path.indexOf(plugin.name)), plugin.name]);
    }
    state.set(plugin.name, 'visiting');
    const deps = [...(plugin.dependencies ?? []), ...(options.includeTestDependencies ? plugin.testDependencies ?? [] : [])];
    for (const dependency of deps) {
      const target = byName.get(dependency);
      if (!target) throw new PluginDependencyMissingError(plugin.name, dependency);
      visit(target, [...path, plugin.name]);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };

  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}
