import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin/kith.js');

function kith(args: string[], env: Record<string, string> = {}, cwd?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      ELIZA_OPENAI_API_KEY: '',
      ...env,
    },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Listed {
  character: string;
  model: string;
  plugins: {
    name: string;
    package: string;
    version: string;
    source: string;
    registers: { actions: number; models: string[] };
    registered: { actions: string[]; events: string[] };
  }[];
}

describe('kith plugins (built CLI in a child process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-plugins-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists what the default character resolves to, with versions and registrations', () => {
    const result = kith(['plugins']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Eliza \(.*eliza\.json\) resolves to 3 plugins:$/);
    expect(lines[1]).toMatch(/^ {2}plugin +package +version +from +core +declares$/);
    expect(lines[2]).toMatch(/^ {2}sql +@kith\/plugin-sql +0\.1\.0 +character +@kith\/core 0\.1\.0 +/);
    expect(lines[3]).toMatch(
      /^ {2}bootstrap +@kith\/plugin-bootstrap +0\.1\.0 +character +@kith\/core 0\.1\.0 +13 actions, \d+ providers, 1 evaluator, \d+ services, 0 models/,
    );
    expect(lines[4]).toMatch(
      /^ {2}eliza-classic +@kith\/plugin-eliza-classic +0\.1\.0 +automatic +.*3 models \(TEXT_SMALL, TEXT_LARGE, TEXT_EMBEDDING\)$/,
    );
    expect(lines[5]).toBe('model: eliza-classic (offline)');
  });

  it('follows the automatic model choice, here from a <CHARACTER_NAME>_ secret, and prints JSON', () => {
    const result = kith(['plugins', '--json', '--init'], { ELIZA_OPENAI_API_KEY: 'sk-test' });
    expect(result.code).toBe(0);
    const listed = JSON.parse(result.stdout) as Listed;
    expect(listed.character).toBe('Eliza');
    expect(listed.model).toMatch(/^openai \(/);
    expect(listed.plugins.map((p) => [p.package, p.source])).toEqual([
      ['@kith/plugin-sql', 'character'],
      ['@kith/plugin-bootstrap', 'character'],
      ['@kith/plugin-openai', 'automatic'],
    ]);
    expect(listed.plugins[2].registers.models).toContain('TEXT_LARGE');
    // With --init, read from the runtime's records: names, including what a plugin registers in its init.
    expect(listed.plugins[1].registered.actions).toEqual(expect.arrayContaining(['REPLY', 'IGNORE', 'NONE']));
    expect(listed.plugins[1].registers.actions).toBe(listed.plugins[1].registered.actions.length);
    expect(listed.plugins[0].registered.events).toContain('RUN_ENDED');
  });

  it('lists what loads and names a missing plugin package with the install command, exit code 1', () => {
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: ['@kith/plugin-sql', '@acme/plugin-not-installed'] }));
    const result = kith(['plugins', '--character', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/resolves to 3 plugins/);
    expect(result.stderr).toContain('Plugin package "@acme/plugin-not-installed" is not installed');
    expect(result.stderr).toContain('npm install @acme/plugin-not-installed');
    expect(result.stderr).toContain('[KITH_PLUGIN_NOT_FOUND]');
  });

  it('lists every plugin without running any init; with --init, a plugin whose init throws is a row that says why and the rest are listed', () => {
    const initRan = join(dir, 'init-ran');
    const write = (name: string, init: string) =>
      install(
        dir,
        name,
        { main: 'index.js' },
        {
          'index.js': `exports.plugin = { name: '${name}', description: 'x', actions: [{ name: 'A_${name.replace(/-/g, '_').toUpperCase()}', description: 'x', validate: async () => true, handler: async () => undefined }], init: async () => { ${init} } };`,
        },
      );
    // Stands in for an init that calls a remote API: it leaves a trace when it runs.
    write('calls-home', `require('node:fs').appendFileSync(${JSON.stringify(initRan)}, 'calls-home\\n');`);
    write('needs-credentials', "throw new Error('TWITTER_API_KEY is not set');");
    write('plain', '');
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: ['calls-home', 'needs-credentials', 'plain'] }));

    const listed = kith(['plugins', '--json', '--character', file], {}, dir);
    expect(listed.code).toBe(0);
    const out = JSON.parse(listed.stdout) as Listed;
    expect(out.plugins.map((p) => [p.name, p.registers.actions])).toEqual([
      ['sql', 0],
      ['bootstrap', 13],
      ['calls-home', 1],
      ['needs-credentials', 1],
      ['plain', 1],
      ['eliza-classic', 0],
    ]);
    expect(existsSync(initRan)).toBe(false);

    const withInit = kith(['plugins', '--init', '--character', file], {}, dir);
    expect(withInit.code).toBe(1);
    const rows = withInit.stdout.split('\n');
    expect(rows.find((row) => row.trimStart().startsWith('needs-credentials'))).toMatch(
      /init failed: Plugin "needs-credentials" failed to initialise: TWITTER_API_KEY is not set$/,
    );
    expect(rows.find((row) => row.trimStart().startsWith('plain'))).toMatch(/1 action,/);
    expect(rows.find((row) => row.trimStart().startsWith('calls-home'))).toMatch(/1 action,/);
    expect(existsSync(initRan)).toBe(true);
  });

  /** Writes node_modules/<name> with a package.json and files, as npm would have installed it. */
  function install(
    root: string,
    name: string,
    packageJson: Record<string, unknown>,
    files: Record<string, string>,
  ): void {
    const pkg = join(root, 'node_modules', name);
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...packageJson }));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(pkg, file, '..'), { recursive: true });
      writeFileSync(join(pkg, file), text);
    }
  }

  it('loads CommonJS, ESM-only and dual packages, tells "not installed" from "failed to load", shows each core and refuses a real @elizaos/core', () => {
    // @elizaos/core resolves to @kith/core here, as the npm overrides make it in a user's project.
    mkdirSync(join(dir, 'node_modules', '@elizaos'), { recursive: true });
    symlinkSync(resolve(__dirname, '../../core'), join(dir, 'node_modules', '@elizaos', 'core'), 'dir');
    const plugin = (name: string) =>
      `{ name: '${name}', description: '${name} plugin', actions: [{ name: '${name.toUpperCase()}_ACTION', description: 'x', validate: async () => true, handler: async () => undefined }] }`;
    install(dir, 'cjs-plain', { main: 'lib/index.js' }, { 'lib/index.js': `module.exports = ${plugin('cjs')};` });
    install(
      dir,
      '@acme/esm-only',
      {
        type: 'module',
        dependencies: { '@elizaos/core': '^1.7.2' },
        exports: { '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } } },
      },
      {
        'dist/index.js': `import { ModelType, trimTokens } from '@elizaos/core';\nif (!ModelType.TEXT_LARGE || !trimTokens) throw new Error('core names missing');\nexport const esmPlugin = ${plugin('esm')};\nexport default esmPlugin;`,
      },
    );
    install(
      dir,
      '@acme/dual',
      {
        type: 'module',
        main: './dist/cjs/index.cjs',
        exports: {
          '.': { node: { import: './dist/index.js', require: './dist/cjs/index.cjs' }, default: './dist/index.js' },
        },
      },
      {
        'dist/index.js': `export default ${plugin('dual')};`,
        'dist/cjs/index.cjs': `module.exports = { default: ${plugin('dual-cjs')} };`,
      },
    );
    install(
      dir,
      '@acme/broken',
      { type: 'module', exports: { import: './index.js' } },
      { 'index.js': "throw new Error('kaboom while importing');" },
    );
    install(
      dir,
      '@acme/missing-export',
      { type: 'module', dependencies: { '@elizaos/core': '*' }, exports: { import: './index.js' } },
      {
        'index.js':
          "import { notAnElizaExport } from '@elizaos/core';\nexport default { name: 'x', description: String(notAnElizaExport) };",
      },
    );
    const marker = join(dir, 'foreign-was-imported');
    install(
      dir,
      '@acme/foreign',
      { type: 'module', dependencies: { '@elizaos/core': '^1.7.2' }, exports: { import: './index.js' } },
      {
        'index.js': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'yes');\nexport default ${plugin('foreign')};`,
        'node_modules/@elizaos/core/package.json': JSON.stringify({
          name: '@elizaos/core',
          version: '1.7.2',
          type: 'module',
          exports: './index.js',
        }),
        'node_modules/@elizaos/core/index.js': 'export const ModelType = {};',
      },
    );
    const file = join(dir, 'agent.json');
    const listed = [
      'cjs-plain',
      '@acme/esm-only',
      '@acme/dual',
      '@acme/broken',
      '@acme/missing-export',
      '@acme/foreign',
      '@acme/not-installed',
    ];
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: listed }));

    const result = kith(['plugins', '--json', '--character', file], {}, dir);
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout) as Listed & { failed: { package: string; code: string; error: string }[] };
    const byPackage = Object.fromEntries(out.plugins.map((p) => [p.package, p]));
    expect(byPackage['cjs-plain']).toMatchObject({ name: 'cjs', core: '-' });
    expect(byPackage['@acme/esm-only']).toMatchObject({
      name: 'esm',
      core: '@kith/core 0.1.0 (as @elizaos/core)',
      registers: { actions: 1 },
    });
    expect(byPackage['@acme/dual']).toMatchObject({ name: 'dual' });
    const failed = Object.fromEntries(out.failed.map((f) => [f.package, f]));
    expect(Object.keys(failed).sort()).toEqual([
      '@acme/broken',
      '@acme/foreign',
      '@acme/missing-export',
      '@acme/not-installed',
    ]);
    expect(failed['@acme/not-installed']).toMatchObject({ code: 'KITH_PLUGIN_NOT_FOUND' });
    expect(failed['@acme/not-installed'].error).toContain('is not installed');
    expect(failed['@acme/broken']).toMatchObject({ code: 'KITH_PLUGIN_LOAD_FAILED' });
    expect(failed['@acme/broken'].error).toMatch(
      /installed but failed to load \(.*index\.js\): kaboom while importing/,
    );
    expect(failed['@acme/missing-export'].error).toContain('@kith/core does not provide "notAnElizaExport"');
    expect(failed['@acme/foreign']).toMatchObject({ code: 'KITH_PLUGIN_FOREIGN_CORE' });
    expect(failed['@acme/foreign'].error).toContain('would run on its own @elizaos/core 1.7.2');
    expect(failed['@acme/foreign'].error).toContain('kith add @acme/foreign');
    expect(failed['@acme/foreign'].error).toContain('"overrides": {"@elizaos/core": "npm:@kith/core@0.1.0"}');
    // Refused before import: its code never ran.
    expect(existsSync(marker)).toBe(false);

    // kith start refuses it too, naming the plugin and the fix.
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: ['@acme/foreign'] }));
    const start = kith(['start', '--character', file, '--port', '0', '--data-dir', join(dir, 'data')], {}, dir);
    expect(start.code).toBe(1);
    expect(start.stderr).toMatch(
      /^kith: Plugin "@acme\/foreign" would run on its own @elizaos\/core 1\.7\.2 .*\[KITH_PLUGIN_FOREIGN_CORE\]$/m,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it("puts Kith's own plugins in place of @elizaos/plugin-sql and @elizaos/plugin-bootstrap, with a notice", () => {
    const file = join(dir, 'eliza.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'Eliza', bio: 'x', plugins: ['@elizaos/plugin-sql', '@elizaos/plugin-bootstrap'] }),
    );
    const result = kith(['plugins', '--json', '--character', file], {}, dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as { plugins: { package: string; replaces?: string }[]; notices: string[] };
    expect(out.plugins.map((p) => [p.package, p.replaces])).toEqual([
      ['@kith/plugin-sql', '@elizaos/plugin-sql'],
      ['@kith/plugin-bootstrap', '@elizaos/plugin-bootstrap'],
      ['@kith/plugin-eliza-classic', undefined],
    ]);
    expect(out.notices).toEqual([
      "@elizaos/plugin-sql: Kith's @kith/plugin-sql takes its place (same role; loading both would answer every message twice)",
      "@elizaos/plugin-bootstrap: Kith's @kith/plugin-bootstrap takes its place (same role; loading both would answer every message twice)",
    ]);
  });
});
