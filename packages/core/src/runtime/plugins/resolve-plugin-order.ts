import { PluginDependencyCycleError, PluginDependencyMissingError } from '../../errors';
import type { Plugin } from '../../types/plugin';

export interface ResolvePluginOrderOptions {
  includeTestDependencies?: boolean;
  /** Names of plugins installed earlier: they satisfy dependencies without being listed. */
  installed?: Iterable<string>;
}

/**
 * Orders plugins so every plugin comes after its dependencies, keeping the
 * given order otherwise. Missing dependencies and cycles raise typed errors
 * that name the plugins involved. A later plugin reusing a name stays in
 * place (after the first), so the installer warns about it and skips it.
 */
export function resolvePluginOrder(plugins: readonly Plugin[], options: ResolvePluginOrderOptions = {}): Plugin[] {
  const byName = new Map<string, Plugin>();
  for (const plugin of plugins) if (!byName.has(plugin.name)) byName.set(plugin.name, plugin);
  const installed = new Set(options.installed ?? []);
  const ordered: Plugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();

  const visit = (plugin: Plugin, path: string[]): void => {
    const mark = state.get(plugin.name);
    if (mark === 'done') return;
    if (mark === 'visiting') {
      throw new PluginDependencyCycleError([...path.slice(path.indexOf(plugin.name)), plugin.name]);
    }
    state.set(plugin.name, 'visiting');
    const deps = [
      ...(plugin.dependencies ?? []),
      ...(options.includeTestDependencies ? (plugin.testDependencies ?? []) : []),
    ];
    for (const dependency of deps) {
      const target = byName.get(dependency);
      if (target) visit(target, [...path, plugin.name]);
      else if (!installed.has(dependency)) throw new PluginDependencyMissingError(plugin.name, dependency);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };

  for (const plugin of plugins) {
    if (byName.get(plugin.name) === plugin) visit(plugin, []);
    else ordered.push(plugin);
  }
  return ordered;
}
