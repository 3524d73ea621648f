import type { Plugin } from '@kith/core';
import { pickPluginExport, pluginSpecifiers, resolvePlugins } from './resolve-plugins';

const plugin = (name: string): Plugin => ({ name, description: name });

describe('plugin resolution', () => {
  it('prefers the named *Plugin export, then default, then the one plugin-shaped export', () => {
    expect(pickPluginExport('x', { fooPlugin: plugin('foo'), default: plugin('dflt') }).name).toBe('foo');
    expect(pickPluginExport('x', { default: plugin('dflt'), helper: 1 }).name).toBe('dflt');
    expect(pickPluginExport('x', { something: plugin('only') }).name).toBe('only');
    expect(() => pickPluginExport('x', { a: 1 })).toThrow(/exports no plugin object/);
    expect(() => pickPluginExport('x', { a: plugin('a'), b: plugin('b') })).toThrow(/exports 2 plugins/);
  });

  it('adds the required plugins in front of the character list', () => {
    expect(pluginSpecifiers(['my-plugin'])).toEqual(['@kith/plugin-sql', '@kith/plugin-bootstrap', 'my-plugin']);
    expect(pluginSpecifiers(['@kith/plugin-bootstrap', '@kith/plugin-sql'])).toEqual(['@kith/plugin-bootstrap', '@kith/plugin-sql']);
  });

  it('loads installed packages and adds the offline model when none provides text', async () => {
    const plugins = await resolvePlugins([]);
    expect(plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'eliza-classic']);
  });

  it('names a missing package with the install command', async () => {
    await expect(resolvePlugins(['@kith/nope'])).rejects.toThrow('npm install @kith/nope');
  });
});
