import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logger } from '../../../logger';
import type { Plugin } from '../../../types/plugin';
import { loadAndPreparePlugin, loadPlugin } from './load-plugin';
import { expectedPluginExportName, pickPluginExport } from './pick-plugin-export';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kith-load-plugin-'));
  writeFileSync(
    join(dir, 'named.js'),
    "module.exports = { helper: 1, demoPlugin: { name: 'demo', description: 'a demo plugin' } };\n",
  );
  writeFileSync(join(dir, 'nothing.js'), 'module.exports = { answer: 42 };\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let warn: jest.SpyInstance;
let error: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('loadPlugin / loadAndPreparePlugin', () => {
  // Jest's sandbox has no ES module loader, so these imports take importPackage's require path.
  it('imports a module and returns its plugin export', async () => {
    expect(await loadPlugin(join(dir, 'named.js'))).toEqual({ name: 'demo', description: 'a demo plugin' });
  });

  it('imports an installed package by name', async () => {
    // zod is a dependency of core; it exports no plugin, so the import succeeds and the answer is null.
    expect(await loadAndPreparePlugin('zod')).toBeNull();
  });

  it('returns null for a package that is not installed or exports no plugin', async () => {
    expect(await loadPlugin('@elizaos/plugin-not-installed-anywhere')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ pluginName: '@elizaos/plugin-not-installed-anywhere' }),
      'Failed to load plugin @elizaos/plugin-not-installed-anywhere; if it is not installed, add it with: kith add @elizaos/plugin-not-installed-anywhere',
    );
    expect(await loadPlugin(join(dir, 'nothing.js'))).toBeNull();
  });

  it('returns a valid plugin object as is, and null for an invalid one', async () => {
    const plugin: Plugin = { name: 'inline', description: 'inline' };
    expect(await loadPlugin(plugin)).toBe(plugin);
    expect(await loadPlugin({ name: 'broken', description: 'x', actions: 'nope' } as unknown as Plugin)).toBeNull();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ errors: ['Plugin actions must be an array'] }),
      'Invalid plugin provided: Plugin actions must be an array',
    );
  });
});

describe('pickPluginExport', () => {
  const plugin = (name: string): Plugin => ({ name, description: name });

  it('prefers the conventionally named export, then default, then any other', () => {
    expect(expectedPluginExportName('@elizaos/plugin-my-thing')).toBe('myThingPlugin');
    expect(expectedPluginExportName('@elizaos/core-ish')).toBe('coreIshPlugin');
    const module = { other: plugin('other'), default: plugin('default'), myThingPlugin: plugin('named') };
    expect(pickPluginExport(module, '@elizaos/plugin-my-thing')?.name).toBe('named');
    expect(pickPluginExport({ other: plugin('other'), default: plugin('default') }, 'x')?.name).toBe('default');
    expect(pickPluginExport({ other: plugin('other') }, 'x')?.name).toBe('other');
  });

  it('calls a factory taking no arguments and uses what it returns', () => {
    expect(pickPluginExport({ createPlugin: () => plugin('made') }, 'x')?.name).toBe('made');
    expect(pickPluginExport({ withArgs: (_a: unknown) => plugin('never') }, 'x')).toBeNull();
    class NotAFactory {}
    expect(pickPluginExport({ NotAFactory, later: plugin('later') }, 'x')?.name).toBe('later');
  });
});
