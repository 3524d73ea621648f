import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginDependencyCycleError } from '../../../errors';
import { logger } from '../../../logger';
import type { Plugin } from '../../../types/plugin';
import { resolvePluginDependencies } from './resolve-plugin-dependencies';
import { resolvePlugins } from './resolve-plugins';

const plugin = (name: string, dependencies?: string[], testDependencies?: string[]): Plugin => ({
  name,
  description: name,
  dependencies,
  testDependencies,
});
const names = (plugins: Plugin[]): string[] => plugins.map((p) => p.name);

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('resolvePluginDependencies', () => {
  it('puts dependencies first and keeps the given order otherwise, returning the original objects', () => {
    const bootstrap = plugin('bootstrap');
    const available = new Map([
      ['app', plugin('app', ['sql', 'bootstrap'])],
      ['other', plugin('other')],
      ['sql', plugin('sql')],
      ['bootstrap', bootstrap],
    ]);
    const ordered = resolvePluginDependencies(available);
    expect(names(ordered)).toEqual(['sql', 'bootstrap', 'app', 'other']);
    expect(ordered[1]).toBe(bootstrap);
    expect(ordered[2]?.dependencies).toEqual(['sql', 'bootstrap']);
  });

  it('matches dependencies by package name, short name or map key', () => {
    const available = new Map([
      ['app', plugin('app', ['@elizaos/plugin-sql', 'openai'])],
      ['@elizaos/plugin-openai', plugin('openai-provider')],
      ['sql', plugin('sql')],
    ]);
    expect(names(resolvePluginDependencies(available))).toEqual(['sql', 'openai-provider', 'app']);
  });

  it('skips a dependency that is not available; test dependencies count in test mode only', () => {
    const available = new Map([
      ['app', plugin('app', ['missing'], ['tester'])],
      ['tester', plugin('tester')],
    ]);
    expect(names(resolvePluginDependencies(available))).toEqual(['app', 'tester']);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ pluginName: 'app', dependency: 'missing' }),
      'Dependency "missing" of plugin "app" not found, skipping',
    );
    expect(names(resolvePluginDependencies(available, true))).toEqual(['tester', 'app']);
  });

  it('a cycle raises PluginDependencyCycleError naming it', () => {
    const available = new Map([
      ['a', plugin('a', ['b'])],
      ['b', plugin('b', ['a'])],
    ]);
    expect(() => resolvePluginDependencies(available)).toThrow(PluginDependencyCycleError);
  });
});

describe('resolvePlugins', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-resolve-plugins-'));
    // Named by its path, so the name a dependent lists is both what is imported and the plugin's name.
    const depPath = join(dir, 'dep.js');
    writeFileSync(
      depPath,
      `module.exports = { default: { name: ${JSON.stringify(depPath)}, description: 'a dependency' } };\n`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the dependencies plugins name and orders everything', async () => {
    const depPath = join(dir, 'dep.js');
    const resolved = await resolvePlugins([plugin('app', [depPath]), plugin('solo')]);
    expect(names(resolved)).toEqual([depPath, 'app', 'solo']);
  });

  it('leaves out what cannot be loaded, and loads a plugin listed twice once', async () => {
    const app = plugin('app');
    expect(names(await resolvePlugins(['@elizaos/plugin-not-installed-anywhere', app, app]))).toEqual(['app']);
  });

  it('loads test dependencies in test mode only', async () => {
    const depPath = join(dir, 'dep.js');
    expect(names(await resolvePlugins([plugin('app', [], [depPath])]))).toEqual(['app']);
    expect(names(await resolvePlugins([plugin('app', [], [depPath])], true))).toEqual([depPath, 'app']);
  });
});
