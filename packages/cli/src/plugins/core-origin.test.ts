import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, PluginForeignCoreError } from '@kith/core';
import { coreOrigin, foreignCoreWithin } from './core-origin';
import { loadPluginPackage } from './load-plugin-package';

/** Writes node_modules/<path>/package.json (and an index.js) under `root`. */
function installed(root: string, path: string, json: Record<string, unknown>): string {
  const dir = join(
    root,
    'node_modules',
    ...path.split('/node_modules/').flatMap((part, i) => (i === 0 ? [part] : ['node_modules', part])),
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ main: 'index.js', ...json }));
  writeFileSync(join(dir, 'index.js'), "exports.default = { name: 'p', description: 'p' };");
  return dir;
}

describe('a second @elizaos/core behind a plugin', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kith-core-origin-'));
    // The project's @elizaos/core is Kith's (the overrides kith add writes).
    installed(root, '@elizaos/core', { name: '@kith/core', version: '0.1.0' });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is found through a helper package that nests its own real core, and the plugin is refused naming it', async () => {
    const plugin = installed(root, 'plugin-x', {
      name: 'plugin-x',
      version: '1.0.0',
      dependencies: { '@elizaos/core': '^1', '@elizaos/plugin-helper': '^1' },
    });
    installed(root, '@elizaos/plugin-helper', {
      name: '@elizaos/plugin-helper',
      version: '1.0.0',
      dependencies: { '@elizaos/core': '1.7.2' },
    });
    installed(root, '@elizaos/plugin-helper/node_modules/@elizaos/core', { name: '@elizaos/core', version: '1.7.2' });

    expect(coreOrigin(plugin, { name: 'plugin-x', dependencies: { '@elizaos/core': '^1' } })).toMatchObject({
      kind: 'kith',
    });
    expect(
      foreignCoreWithin(plugin, { name: 'plugin-x', dependencies: { '@elizaos/plugin-helper': '^1' } }),
    ).toMatchObject({ version: '1.7.2', via: '@elizaos/plugin-helper' });
    const error = await loadPluginPackage('plugin-x', [root]).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(PluginForeignCoreError.isInstance(error)).toBe(true);
    expect((error as PluginForeignCoreError).code).toBe(ErrorCode.PLUGIN_FOREIGN_CORE);
    expect((error as Error).message).toContain('through @elizaos/plugin-helper');
    expect((error as Error).message).toContain('1.7.2');
  });

  it("lets a plugin whose helpers share the project's core load", async () => {
    installed(root, 'plugin-y', {
      name: 'plugin-y',
      version: '1.0.0',
      dependencies: { '@elizaos/core': '^1', '@elizaos/plugin-helper': '^1' },
    });
    installed(root, '@elizaos/plugin-helper', {
      name: '@elizaos/plugin-helper',
      version: '1.0.0',
      dependencies: { '@elizaos/core': '^1' },
    });
    await expect(loadPluginPackage('plugin-y', [root])).resolves.toMatchObject({
      specifier: 'plugin-y',
      core: { kind: 'kith' },
    });
  });
});
