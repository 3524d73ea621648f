import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KithError } from '@kith/core';
import { loadPluginPackage, resolveAgentPlugins } from './resolve-plugins';

/** A throw-away project with installed packages in node_modules, as a user's project would have. */
function project(
  packages: Record<string, { packageJson: Record<string, unknown>; files: Record<string, string> }>,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'kith-plugin-project-'));
  for (const [name, { packageJson, files }] of Object.entries(packages)) {
    const root = join(dir, 'node_modules', name);
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name, ...packageJson }));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  }
  return dir;
}

describe('loading plugin packages', () => {
  const OPENAI_KEYS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'];
  const saved = Object.fromEntries(OPENAI_KEYS.map((key) => [key, process.env[key]]));
  let dir: string;
  beforeAll(() => {
    for (const key of OPENAI_KEYS) delete process.env[key];
    dir = project({
      'kith-plugin-weather': {
        packageJson: { version: '2.3.4', main: 'index.js' },
        files: {
          'index.js':
            "exports.weatherPlugin = { name: 'weather', description: 'w', actions: [{ name: 'A' }], providers: [{ name: 'P' }, null] };",
        },
      },
      // Its "exports" hide package.json: the version is found by walking up from the entry file.
      '@acme/plugin-sealed': {
        packageJson: { version: '0.9.0', exports: { '.': './lib/main.js' } },
        files: {},
      },
      'kith-plugin-twins': {
        packageJson: { version: '1.0.0', main: 'index.js' },
        files: {
          'index.js': "exports.a = { name: 'a', description: 'a' }; exports.b = { name: 'b', description: 'b' };",
        },
      },
    });
    mkdirSync(join(dir, 'node_modules', '@acme', 'plugin-sealed', 'lib'));
    writeFileSync(
      join(dir, 'node_modules', '@acme', 'plugin-sealed', 'lib', 'main.js'),
      "module.exports = { default: { name: 'sealed', description: 's' } };",
    );
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const key of OPENAI_KEYS) if (saved[key] !== undefined) process.env[key] = saved[key];
  });

  it("imports a package from the user's project and reads its version", async () => {
    const loaded = await loadPluginPackage('kith-plugin-weather', [dir]);
    expect(loaded).toMatchObject({
      specifier: 'kith-plugin-weather',
      version: '2.3.4',
      packageDir: join(dir, 'node_modules', 'kith-plugin-weather'),
      source: 'character',
    });
    expect(loaded.plugin.name).toBe('weather');
  });

  it('finds the version of a package whose exports hide package.json, and takes its default export', async () => {
    const loaded = await loadPluginPackage('@acme/plugin-sealed', [dir]);
    expect(loaded.version).toBe('0.9.0');
    expect(loaded.plugin.name).toBe('sealed');
  });

  it('names the package and its candidates when the export is ambiguous', async () => {
    const error = await loadPluginPackage('kith-plugin-twins', [dir]).catch((e: unknown) => e);
    expect(KithError.hasCode(error, 'KITH_PLUGIN_INVALID')).toBe(true);
    expect((error as Error).message).toContain('Plugin "kith-plugin-twins" is invalid: it exports 2 plugin objects');
    expect((error as Error).message).toContain('a (name "a"), b (name "b")');
  });

  it('gives the install command for a package that is not installed', async () => {
    const error = await loadPluginPackage('kith-plugin-missing', [dir]).catch((e: unknown) => e);
    expect(KithError.hasCode(error, 'KITH_PLUGIN_NOT_FOUND')).toBe(true);
    expect((error as Error).message).toContain('is not installed');
    expect((error as Error).message).toContain(
      'Install it with: kith add kith-plugin-missing (or npm install kith-plugin-missing)',
    );
  });

  it('says why each plugin of a character is there', async () => {
    const { packages } = await resolveAgentPlugins({ plugins: ['@kith/plugin-bootstrap', 'kith-plugin-weather'] }, [
      dir,
    ]);
    expect(packages.map((p) => [p.plugin.name, p.source, p.version])).toEqual([
      ['sql', 'required', '0.1.0'],
      ['bootstrap', 'character', '0.1.0'],
      ['weather', 'character', '2.3.4'],
      ['eliza-classic', 'automatic', '0.1.0'],
    ]);
  });
});
