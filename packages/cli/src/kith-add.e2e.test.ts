import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin/kith.js');

/** A user's shell: none of the npm variables `npm test` sets for the workspace, no update check. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
  for (const key of Object.keys(env))
    if (/^npm_(package|lifecycle|config_prefix|config_workspace)/.test(key) || key === 'INIT_CWD') delete env[key];
  return env;
}

function kith(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: userEnv(),
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `kith add` with real npm on local packages (no registry): the elizaOS path,
 * with the overrides, runs against the registry in compat/src/kith-add.test.ts.
 */
describe('kith add (built CLI, real npm, local packages)', () => {
  let dir: string;
  const character = () =>
    JSON.parse(readFileSync(join(dir, 'agent.json'), 'utf8')) as { name: string; plugins: string[] };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-add-e2e-'));
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'my-agent', private: true }, null, 2)}\n`);
    writeFileSync(
      join(dir, 'agent.json'),
      `${JSON.stringify({ name: 'Ada', bio: ['x'], plugins: ['@kith/plugin-sql'] }, null, 2)}\n`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('installs a package given by path, lists it in the only character file, writes no overrides, and kith plugins loads it', () => {
    const plugin = join(dir, 'vendor', 'local-plugin');
    mkdirSync(plugin, { recursive: true });
    writeFileSync(
      join(plugin, 'package.json'),
      JSON.stringify({ name: 'kith-plugin-local', version: '1.2.3', main: 'index.js' }),
    );
    writeFileSync(
      join(plugin, 'index.js'),
      "exports.localPlugin = { name: 'local', description: 'a plugin from a folder', actions: [] };\n",
    );

    const added = kith(['add', './vendor/local-plugin'], dir);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    // npm's own summary comes first; kith's line is last.
    expect(added.stdout.trimEnd().split('\n').pop()).toBe('agent.json: added kith-plugin-local to "plugins"');
    expect(character().plugins).toEqual(['@kith/plugin-sql', 'kith-plugin-local']);
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      overrides?: unknown;
    };
    expect(json.dependencies).toEqual({ 'kith-plugin-local': 'file:vendor/local-plugin' });
    expect(json.overrides).toBeUndefined();

    const listed = kith(['plugins', '--character', 'agent.json'], dir);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ {2}local +kith-plugin-local +1\.2\.3 +character +- /m);

    // Added again: npm keeps it, the list is not doubled.
    const again = kith(['add', './vendor/local-plugin'], dir);
    expect(again.code).toBe(0);
    expect(again.stdout.trimEnd().split('\n').pop()).toBe('agent.json: "plugins" already lists kith-plugin-local');
    expect(character().plugins).toEqual(['@kith/plugin-sql', 'kith-plugin-local']);
  }, 180_000);

  it('stops with KITH_NPM_FAILED when npm fails, after npm says why, and leaves the character as it was', () => {
    const before = readFileSync(join(dir, 'agent.json'), 'utf8');
    const failed = kith(['add', './no-such-folder'], dir);
    expect(failed.code).toBe(1);
    const last = failed.stderr.trimEnd().split('\n').pop();
    expect(last).toMatch(
      /^kith: npm install --package-lock-only .*\.\/no-such-folder failed \(exit \d+\): its output above says why .* run kith add again \[KITH_NPM_FAILED\]$/,
    );
    // npm's own account comes first.
    expect(failed.stderr.split('\n').length).toBeGreaterThan(1);
    expect(readFileSync(join(dir, 'agent.json'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
  }, 120_000);
});
