import { KithError } from '@kith/core';
import { readJson, type Tree } from '@nx/devkit';
import { createTree } from '@nx/devkit/testing';
import { pluginGenerator } from './generator';

interface PackageJson {
  name: string;
  version: string;
  license: string;
  main: string;
  types: string;
  exports: Record<string, unknown>;
  files: string[];
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
  repository?: { type: string; url: string; directory: string };
}

/** A tree shaped like the Kith workspace: core at 0.3.0 and a root tsconfig of project references. */
function kithTree(): Tree {
  const tree = createTree();
  tree.write('package.json', JSON.stringify({ name: 'workspace', private: true, workspaces: ['packages/*'] }));
  tree.write(
    'packages/core/package.json',
    JSON.stringify({
      name: '@kith/core',
      version: '0.3.0',
      repository: { type: 'git', url: 'git+https://github.com/kith-ai/kith.git', directory: 'packages/core' },
    }),
  );
  tree.write('packages/core/tsconfig.json', '{}');
  tree.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: 'packages/core' }] }));
  tree.write('LICENSE', 'MIT License\n');
  return tree;
}

describe('plugin generator', () => {
  it('writes a publishable package with an action, a provider, a test and a README', async () => {
    const tree = kithTree();
    await pluginGenerator(tree, { name: 'weather' });
    const root = 'packages/plugin-weather';
    expect(tree.children(root).sort()).toEqual([
      'LICENSE',
      'README.md',
      'jest.config.js',
      'package.json',
      'src',
      'tsconfig.json',
      'tsconfig.spec.json',
    ]);
    expect(tree.read(`${root}/LICENSE`, 'utf8')).toBe('MIT License\n');
    expect(tree.children(`${root}/src`).sort()).toEqual([
      'actions',
      'index.ts',
      'last-greeting-key.ts',
      'plugin.test.ts',
      'plugin.ts',
      'providers',
    ]);

    const pkg = readJson<PackageJson>(tree, `${root}/package.json`);
    expect(pkg).toMatchObject({
      name: '@kith/plugin-weather',
      version: '0.1.0',
      license: 'MIT',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      // What the packaging test asks of every package: no source maps without sources, no build info.
      files: ['dist', '!dist/**/*.map', '!dist/**/*.tsbuildinfo'],
      dependencies: { '@kith/core': '^0.3.0' },
      repository: { type: 'git', url: 'git+https://github.com/kith-ai/kith.git', directory: 'packages/plugin-weather' },
      scripts: { build: 'tsc -b', typecheck: 'tsc -p tsconfig.spec.json --noEmit', test: 'jest' },
    });
    expect(pkg.exports['.']).toEqual({
      types: './dist/index.d.ts',
      require: './dist/index.js',
      default: './dist/index.js',
    });

    expect(readJson(tree, `${root}/tsconfig.json`)).toMatchObject({
      extends: '../../tsconfig.base.json',
      references: [{ path: '../core' }],
    });
    expect(readJson(tree, `${root}/tsconfig.spec.json`)).toMatchObject({ extends: '../../tsconfig.base.json' });
    expect(tree.read(`${root}/jest.config.js`, 'utf8')).toContain("require('../../jest.preset.js')");
    expect(readJson(tree, 'tsconfig.json').references).toEqual([{ path: 'packages/core' }, { path: root }]);

    const action = tree.read(`${root}/src/actions/greet-action.ts`, 'utf8');
    expect(action).toContain("name: 'WEATHER_GREET'");
    expect(action).toContain('parameters: [');
    expect(tree.read(`${root}/src/providers/last-greeting-provider.ts`, 'utf8')).toContain(
      "name: 'WEATHER_LAST_GREETING'",
    );
    expect(tree.read(`${root}/src/plugin.ts`, 'utf8')).toContain('export const weatherPlugin: Plugin = {');
    const test = tree.read(`${root}/src/plugin.test.ts`, 'utf8');
    expect(test).toContain("from '@kith/core/test'");
    expect(test).toContain('runtime.processActions(');
    expect(tree.read(`${root}/README.md`, 'utf8')).toMatch(/^# @kith\/plugin-weather\n/);
  });

  it('quotes a description safely in JSON and TypeScript', async () => {
    const tree = kithTree();
    await pluginGenerator(tree, { name: 'quotes', description: 'Says "hi" and \\o/' });
    expect(
      readJson<PackageJson & { description: string }>(tree, 'packages/plugin-quotes/package.json').description,
    ).toBe('Says "hi" and \\o/');
    expect(tree.read('packages/plugin-quotes/src/plugin.ts', 'utf8')).toContain(
      'description: "Says \\"hi\\" and \\\\o/"',
    );
  });

  it('works outside the Kith layout: another scope and folder, no core project, no root references', async () => {
    const tree = createTree();
    tree.write('package.json', JSON.stringify({ name: 'acme', private: true }));
    await pluginGenerator(tree, { name: 'crm', scope: '@acme', directory: 'libs/agents' });
    const root = 'libs/agents/plugin-crm';
    expect(readJson<PackageJson>(tree, `${root}/package.json`)).toMatchObject({
      name: '@acme/plugin-crm',
      dependencies: { '@kith/core': '^0.1.0' },
    });
    // No sibling to take a repository from: none is made up.
    expect(readJson<PackageJson>(tree, `${root}/package.json`).repository).toBeUndefined();
    const tsconfig = readJson<{ extends: string; references?: unknown }>(tree, `${root}/tsconfig.json`);
    expect(tsconfig.extends).toBe('../../../tsconfig.base.json');
    expect(tsconfig.references).toBeUndefined();
    expect(tree.exists('tsconfig.json')).toBe(false);
  });

  it('refuses an existing folder and a bad name, writing nothing', async () => {
    const tree = kithTree();
    tree.write('packages/plugin-taken/package.json', '{}');
    await expect(pluginGenerator(tree, { name: 'taken' })).rejects.toThrow('packages/plugin-taken already exists');
    const before = tree.listChanges().length;
    const error = await pluginGenerator(tree, { name: 'Not_Kebab' }).catch((e: unknown) => e);
    expect(KithError.hasCode(error, 'KITH_CONFIG_INVALID')).toBe(true);
    expect(tree.listChanges()).toHaveLength(before);
  });
});
