import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Plugin } from '@kith/core';
import { runPluginGenerator } from './run-plugin-generator';

const REPO = resolve(__dirname, '../..');
/** What a package in the workspace needs from the root to build and test. */
const ROOT_FILES = ['package.json', 'nx.json', 'tsconfig.base.json', 'tsconfig.json', 'jest.preset.js', 'LICENSE'];

function run(command: string, args: string[], cwd: string) {
  // Nx sets FORCE_COLOR for its children; the output is matched as plain text.
  const env = { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' };
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8', env, timeout: 90_000 });
  // eslint-disable-next-line no-control-regex -- strips ANSI colours, which start with ESC
  return { code: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

describe('a generated plugin package (temporary copy of the workspace)', () => {
  let workspace: string;
  const rootTsconfig = readFileSync(join(REPO, 'tsconfig.json'), 'utf8');

  beforeAll(() => {
    // Root files copied, node_modules and core linked: the repo itself is never written.
    workspace = mkdtempSync(join(tmpdir(), 'kith-generated-plugin-'));
    for (const file of ROOT_FILES) copyFileSync(join(REPO, file), join(workspace, file));
    symlinkSync(join(REPO, 'node_modules'), join(workspace, 'node_modules'), 'dir');
    mkdirSync(join(workspace, 'packages'));
    symlinkSync(join(REPO, 'packages', 'core'), join(workspace, 'packages', 'core'), 'dir');
  });
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('builds, typechecks and passes its own tests', async () => {
    const generated = await runPluginGenerator(workspace, { name: 'e2e-sample' });
    expect(generated.changed).toContainEqual({ path: 'tsconfig.json', type: 'UPDATE' });
    const pkgDir = join(workspace, 'packages', 'plugin-e2e-sample');

    const build = run(join(REPO, 'node_modules/typescript/bin/tsc'), ['-b', 'packages/plugin-e2e-sample'], workspace);
    expect(build.output.trim()).toBe('');
    expect(build.code).toBe(0);
    expect(existsSync(join(pkgDir, 'dist', 'index.d.ts'))).toBe(true);

    const typecheck = run(
      join(REPO, 'node_modules/typescript/bin/tsc'),
      ['-p', 'tsconfig.spec.json', '--noEmit'],
      pkgDir,
    );
    expect(typecheck.output.trim()).toBe('');
    expect(typecheck.code).toBe(0);

    const tests = run(join(REPO, 'node_modules/jest/bin/jest.js'), ['--ci'], pkgDir);
    expect(tests.output).toMatch(/Tests:\s+2 passed, 2 total/);
    expect(tests.code).toBe(0);

    // The built package exports what `kith` looks for: a named ...Plugin export.
    const built = require(join(pkgDir, 'dist')) as { e2eSamplePlugin: Plugin; default: Plugin };
    expect(built.e2eSamplePlugin).toMatchObject({
      name: 'e2e-sample',
      actions: [expect.objectContaining({ name: 'E2E_SAMPLE_GREET' })],
    });
    expect(built.default).toBe(built.e2eSamplePlugin);

    // Its tarball is as clean as its siblings' (packages/cli/src/packaging): LICENSE, no source maps, no build info.
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: pkgDir,
      encoding: 'utf8',
    });
    expect(packed.status).toBe(0);
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0].files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(files.filter((file) => /\.map$|\.tsbuildinfo$|\.test\./.test(file))).toEqual([]);

    expect(readFileSync(join(REPO, 'tsconfig.json'), 'utf8')).toBe(rootTsconfig);
    expect(existsSync(join(REPO, 'packages', 'plugin-e2e-sample'))).toBe(false);
  }, 180_000);
});
