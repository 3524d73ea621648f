import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from '@kith/core';
import { DEFAULT_CHARACTER_PATH } from '../character/load-character';
import {
  chooseModelPlugin,
  characterSettingsSource,
  OFFLINE_MODEL_PLUGIN,
  OPENAI_MODEL_PLUGIN,
} from './choose-model-plugin';
import { pickPluginExport, pluginSpecifiers, resolveAgentPlugins, resolvePlugins } from './resolve-plugins';

const plugin = (name: string): Plugin => ({ name, description: name });
const OPENAI_KEYS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_SMALL_MODEL', 'OPENAI_LARGE_MODEL'];

describe('plugin resolution', () => {
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    // The developer's own OPENAI_* variables must not decide these tests.
    for (const key of OPENAI_KEYS) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  });
  afterEach(() => {
    for (const key of OPENAI_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('prefers the named *Plugin export, then default, then the one plugin-shaped export', () => {
    expect(pickPluginExport('x', { fooPlugin: plugin('foo'), default: plugin('dflt') }).name).toBe('foo');
    expect(pickPluginExport('x', { default: plugin('dflt'), helper: 1 }).name).toBe('dflt');
    expect(pickPluginExport('x', { something: plugin('only') }).name).toBe('only');
    expect(() => pickPluginExport('x', { a: 1 })).toThrow(/exports no plugin object .*its exports are: a/);
  });

  it('lists the candidates when the choice is ambiguous', () => {
    expect(() => pickPluginExport('pkg', { a: plugin('a'), b: plugin('b') })).toThrow(
      'Plugin "pkg" is invalid: it exports 2 plugin objects and none is the one to use: a (name "a"), b (name "b"). Export the plugin to load as "default", or name exactly one export "...Plugin"',
    );
    // Two *Plugin names and no default: still ambiguous, and both are named.
    expect(() => pickPluginExport('pkg', { oldPlugin: plugin('old'), newPlugin: plugin('new') })).toThrow(
      /oldPlugin \(name "old"\), newPlugin \(name "new"\)/,
    );
    // ...unless a default says which.
    const chosen = plugin('new');
    expect(pickPluginExport('pkg', { oldPlugin: plugin('old'), newPlugin: chosen, default: chosen })).toBe(chosen);
  });

  it('counts aliases of one object once, and takes a CommonJS module that is itself the plugin', () => {
    const only = plugin('only');
    expect(pickPluginExport('pkg', { onlyPlugin: only, legacyPlugin: only, helper: () => 1 })).toBe(only);
    const moduleItself = { name: 'cjs', description: 'module.exports = plugin', actions: [] };
    expect(pickPluginExport('pkg', moduleItself)).toBe(moduleItself);
  });

  it('adds the required plugins in front of the character list', () => {
    expect(pluginSpecifiers(['my-plugin'])).toEqual(['@kith/plugin-sql', '@kith/plugin-bootstrap', 'my-plugin']);
    expect(pluginSpecifiers(['@kith/plugin-bootstrap', '@kith/plugin-sql'])).toEqual([
      '@kith/plugin-bootstrap',
      '@kith/plugin-sql',
    ]);
  });

  it('loads installed packages and adds the offline model when nothing names a model', async () => {
    const plugins = await resolvePlugins([]);
    expect(plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'eliza-classic']);
    const { model } = await resolveAgentPlugins({});
    expect(model).toEqual({ plugin: 'eliza-classic', source: 'automatic', description: 'eliza-classic (offline)' });
  });

  it('adds plugin-openai when OPENAI_API_KEY is in the environment', async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    const { plugins, model } = await resolveAgentPlugins({ plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap'] });
    expect(plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'openai']);
    expect(model).toEqual({
      plugin: 'openai',
      source: 'automatic',
      description: 'openai (gpt-4o-mini, gpt-4o at https://api.openai.com/v1)',
    });
  });

  it('adds plugin-openai when the character sets OPENAI_BASE_URL (no key needed for a local server)', async () => {
    const { model } = await resolveAgentPlugins({
      settings: {
        OPENAI_BASE_URL: 'http://localhost:11434/v1',
        OPENAI_SMALL_MODEL: 'llama3.2',
        OPENAI_LARGE_MODEL: 'llama3.2',
      },
    });
    expect(model?.description).toBe('openai (llama3.2 at http://localhost:11434/v1)');
  });

  it('adds the offline model behind plugin-openai when MAX_DAILY_COST_USD is set, to answer past the limit', async () => {
    const budget = await resolveAgentPlugins({
      secrets: { OPENAI_API_KEY: 'sk-x' },
      settings: { MAX_DAILY_COST_USD: '5' },
    });
    expect(budget.plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'openai', 'eliza-classic']);
    expect(budget.model).toMatchObject({ plugin: 'openai' });
    const message = await resolveAgentPlugins({
      secrets: { OPENAI_API_KEY: 'sk-x' },
      settings: { MAX_DAILY_COST_USD: '5', BUDGET_EXCEEDED_MESSAGE: 'Back tomorrow.' },
    });
    expect(message.plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'openai']);
  });

  it('reads a key from the character secrets or settings.secrets', () => {
    expect(chooseModelPlugin(characterSettingsSource({ secrets: { OPENAI_API_KEY: 'sk-1' } }))).toBe(
      OPENAI_MODEL_PLUGIN,
    );
    expect(chooseModelPlugin(characterSettingsSource({ settings: { secrets: { OPENAI_API_KEY: 'sk-1' } } }))).toBe(
      OPENAI_MODEL_PLUGIN,
    );
    expect(chooseModelPlugin(characterSettingsSource({ settings: { OPENAI_API_KEY: '' } }))).toBe(OFFLINE_MODEL_PLUGIN);
  });

  it("lets a model plugin in the character's list override the automatic choice, and says so", async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    const { plugins, model } = await resolveAgentPlugins({ plugins: ['@kith/plugin-eliza-classic'] });
    expect(plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'eliza-classic']);
    expect(model?.source).toBe('character');
    expect(model?.description).toMatch(/^eliza-classic \(offline\); OPENAI_\* settings are ignored/);
  });

  it('keeps plugin-openai when the character lists it', async () => {
    const { plugins, model } = await resolveAgentPlugins({
      plugins: ['@kith/plugin-openai'],
      secrets: { OPENAI_API_KEY: 'sk-x' },
    });
    expect(plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'openai']);
    expect(model).toMatchObject({ plugin: 'openai', source: 'character' });
  });

  it('still names openai when its settings are invalid (its init then lists the problems)', async () => {
    const { model } = await resolveAgentPlugins({ settings: { OPENAI_BASE_URL: 'localhost:11434' } });
    expect(model?.description).toBe('openai (check the OPENAI_* settings)');
  });

  it('ships an Eliza character that leaves the model to the automatic choice', () => {
    const character = JSON.parse(readFileSync(resolve(DEFAULT_CHARACTER_PATH), 'utf8')) as { plugins: string[] };
    expect(character.plugins).not.toContain(OFFLINE_MODEL_PLUGIN);
    expect(character.plugins).not.toContain(OPENAI_MODEL_PLUGIN);
  });

  it('names a missing package with the install command', async () => {
    await expect(resolvePlugins(['@kith/nope'])).rejects.toThrow('npm install @kith/nope');
  });
});
