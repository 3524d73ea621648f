import { KithError } from '../../errors/kith-error';
import { PluginDependencyCycleError, PluginDependencyMissingError } from '../../errors';
import type { Plugin } from '../../types/plugin';
import { resolvePluginOrder } from './resolve-plugin-order';

const plugin = (name: string, dependencies?: string[]): Plugin => ({ name, description: name, dependencies });
const names = (plugins: Plugin[]): string[] => plugins.map((p) => p.name);

describe('resolvePluginOrder', () => {
  it('puts every plugin after its dependencies whatever the given order', () => {
    const sql = plugin('sql');
    const bootstrap = plugin('bootstrap', ['sql']);
    const discord = plugin('discord', ['bootstrap', 'sql']);
    const model = plugin('model');
    const orders = [
      [discord, bootstrap, sql, model],
      [model, sql, discord, bootstrap],
      [bootstrap, discord, model, sql],
    ];
    for (const order of orders) {
      const result = names(resolvePluginOrder(order));
      expect(result).toHaveLength(4);
      expect(result.indexOf('sql')).toBeLessThan(result.indexOf('bootstrap'));
      expect(result.indexOf('bootstrap')).toBeLessThan(result.indexOf('discord'));
    }
  });

  it('keeps the given order among independent plugins', () => {
    expect(names(resolvePluginOrder([plugin('c'), plugin('a'), plugin('b')]))).toEqual(['c', 'a', 'b']);
  });

  it('names both plugins when a dependency is missing', () => {
    let caught: unknown;
    try {
      resolvePluginOrder([plugin('bootstrap', ['sql'])]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PluginDependencyMissingError);
    const error = caught as PluginDependencyMissingError;
    expect(error.pluginName).toBe('bootstrap');
    expect(error.dependency).toBe('sql');
    expect(error.message).toContain('"bootstrap"');
    expect(error.message).toContain('"sql"');
    expect(KithError.hasCode(error, 'KITH_PLUGIN_DEPENDENCY_MISSING')).toBe(true);
  });

  it('names the plugins of a cycle', () => {
    let caught: unknown;
    try {
      resolvePluginOrder([plugin('free'), plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PluginDependencyCycleError);
    const { cycle, message } = caught as PluginDependencyCycleError;
    expect(cycle).toEqual(['a', 'b', 'c', 'a']);
    expect(message).toContain('a -> b -> c -> a');
    expect(cycle).not.toContain('free');
  });

  it('reports a plugin depending on itself as a cycle', () => {
    expect(() => resolvePluginOrder([plugin('self', ['self'])])).toThrow(PluginDependencyCycleError);
  });

  it('treats already-installed plugins as satisfied dependencies', () => {
    expect(names(resolvePluginOrder([plugin('bootstrap', ['sql'])], { installed: ['sql'] }))).toEqual(['bootstrap']);
  });

  it('keeps a later plugin with a used name in place, so the installer can warn about it', () => {
    const first = plugin('dup');
    const second = plugin('dup');
    const result = resolvePluginOrder([plugin('user', ['dup']), first, second]);
    expect(result[0]).toBe(first);
    expect(result[2]).toBe(second);
  });

  it('only follows testDependencies when asked', () => {
    const withTestDep: Plugin = { name: 'p', description: 'p', testDependencies: ['t'] };
    expect(names(resolvePluginOrder([withTestDep]))).toEqual(['p']);
    expect(() => resolvePluginOrder([withTestDep], { includeTestDependencies: true })).toThrow(
      PluginDependencyMissingError,
    );
  });
});
