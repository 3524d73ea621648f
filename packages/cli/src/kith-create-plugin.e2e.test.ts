import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const REPO = resolve(__dirname, '../../..');

function kith(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Building and testing a generated package is tools/src/generated-plugin.e2e.test.ts; this checks the command around it.
describe('kith create plugin (built CLI in a temporary copy of the workspace)', () => {
  let workspace: string;
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'kith-create-plugin-'));
    for (const file of ['package.json', 'nx.json', 'tsconfig.json'])
      copyFileSync(join(REPO, file), join(workspace, file));
    // node_modules holds @kith/tools, whose generator the command runs.
    symlinkSync(join(REPO, 'node_modules'), join(workspace, 'node_modules'), 'dir');
    mkdirSync(join(workspace, 'packages'));
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('writes packages/plugin-NAME from anywhere in the workspace and says what to do next', () => {
    const result = kith(
      ['create', 'plugin', 'weather-report', '--description', 'Weather for the agent.'],
      join(workspace, 'packages'),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Created @kith/plugin-weather-report in packages/plugin-weather-report (export weatherReportPlugin):',
    );
    expect(result.stdout).toContain('  create packages/plugin-weather-report/src/actions/greet-action.ts');
    expect(result.stdout).toContain('  update tsconfig.json');
    expect(result.stdout).toContain('npx tsc -b packages/plugin-weather-report');

    const root = join(workspace, 'packages', 'plugin-weather-report');
    expect(readdirSync(root).sort()).toEqual([
      'README.md',
      'jest.config.js',
      'package.json',
      'src',
      'tsconfig.json',
      'tsconfig.spec.json',
    ]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; description: string };
    expect(pkg).toMatchObject({ name: '@kith/plugin-weather-report', description: 'Weather for the agent.' });
    const references = (
      JSON.parse(readFileSync(join(workspace, 'tsconfig.json'), 'utf8')) as { references: { path: string }[] }
    ).references;
    expect(references[references.length - 1]).toEqual({ path: 'packages/plugin-weather-report' });
  });

  it('rejects a name that is not kebab-case, with the fix, and writes nothing', () => {
    const before = readFileSync(join(workspace, 'tsconfig.json'), 'utf8');
    const result = kith(['create', 'plugin', 'WeatherReport'], workspace);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('name: "WeatherReport" is not kebab-case');
    expect(result.stderr).toContain('e.g. "weather-report"');
    expect(result.stderr).toContain('[KITH_CONFIG_INVALID]');
    expect(readdirSync(join(workspace, 'packages'))).toEqual([]);
    expect(readFileSync(join(workspace, 'tsconfig.json'), 'utf8')).toBe(before);
  });
});

describe('kith create plugin and kith create agent outside the Kith workspace (built CLI)', () => {
  let outside: string;
  beforeEach(() => {
    outside = mkdtempSync(join(tmpdir(), 'kith-no-workspace-'));
  });
  afterEach(() => rmSync(outside, { recursive: true, force: true }));

  it('writes a standalone plugin package that needs nothing from the monorepo', () => {
    const result = kith(['create', 'plugin', 'hello', '--dir', 'plugins'], outside);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created kith-plugin-hello in plugins/plugin-hello (export helloPlugin):');
    expect(result.stdout).toContain('  cd plugins/plugin-hello\n  npm install && npm test');

    const root = join(outside, 'plugins', 'plugin-hello');
    expect(readdirSync(root).sort()).toEqual([
      '.gitignore',
      'LICENSE',
      'README.md',
      'jest.config.js',
      'package.json',
      'src',
      'tsconfig.build.json',
      'tsconfig.json',
    ]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    const cli = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.name).toBe('kith-plugin-hello');
    expect(pkg.dependencies).toEqual({ '@kith/core': cli.dependencies['@kith/core'] });
    expect(pkg.dependencies['@kith/core']).toMatch(/^\^/);
    expect(pkg.scripts).toMatchObject({ test: 'tsc --noEmit && jest', prepack: 'npm run build' });
    // The toolchain versions the monorepo itself is tested with.
    const workspace = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const [dependency, version] of Object.entries(pkg.devDependencies))
      expect([dependency, version]).toEqual([dependency, workspace.devDependencies[dependency]]);
    // Nothing points back into a workspace.
    for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'jest.config.js'])
      expect(readFileSync(join(root, file), 'utf8')).not.toContain('../');
    expect(readFileSync(join(root, 'src', 'plugin.ts'), 'utf8')).toContain("name: 'hello'");
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toContain('The kith-plugin-hello authors');

    const scoped = kith(['create', 'plugin', 'weather', '--scope', '@acme'], outside);
    expect(scoped.code).toBe(0);
    expect(JSON.parse(readFileSync(join(outside, 'plugin-weather', 'package.json'), 'utf8'))).toMatchObject({
      name: '@acme/plugin-weather',
    });

    const again = kith(['create', 'plugin', 'hello', '--dir', 'plugins'], outside);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists and is not empty');
  });

  it('writes a TypeScript agent project by default: the project in src/index.ts, a local plugin, its tests', () => {
    const result = kith(['create', 'agent', 'typed-bot'], outside);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const root = join(outside, 'typed-bot');
    expect(readdirSync(root).sort()).toEqual([
      '.dockerignore',
      '.env.example',
      '.gitignore',
      'Dockerfile',
      'README.md',
      'package.json',
      'src',
      'tsconfig.json',
    ]);
    expect(readdirSync(join(root, 'src/plugins')).sort()).toEqual(['greet.test.ts', 'greet.ts']);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      main: string;
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.main).toBe('src/index.ts');
    expect(pkg.scripts).toMatchObject({ start: 'kith start', dev: 'kith dev' });
    expect(pkg.scripts.test).toContain('kith test');
    expect(readFileSync(join(root, 'src/index.ts'), 'utf8')).toContain("name: 'Typed Bot'");
    // npm install, npm test and npm start of this project: the packaging test.
  });

  it('writes a JSON agent project with --json, whose package.json runs kith with the character', () => {
    const result = kith(['create', 'agent', 'support-bot', '--json'], outside);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created the agent Support Bot in support-bot:');
    const root = join(outside, 'support-bot');
    expect(readdirSync(root).sort()).toEqual([
      '.dockerignore',
      '.env.example',
      '.gitignore',
      'Dockerfile',
      'README.md',
      'character.json',
      'package.json',
    ]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe('kith start --character ./character.json');
    expect(Object.keys(pkg.dependencies)).toEqual(['@kith/cli', '@kith/plugin-bootstrap', '@kith/plugin-sql']);
    expect(Object.values(pkg.dependencies).every((range) => range.startsWith('^'))).toBe(true);
    const character = JSON.parse(readFileSync(join(root, 'character.json'), 'utf8')) as {
      name: string;
      plugins: string[];
    };
    expect(character).toMatchObject({ name: 'Support Bot', plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap'] });
    expect(readFileSync(join(root, '.env.example'), 'utf8')).toContain('OPENAI_API_KEY');

    // The character is one `kith` accepts.
    const plugins = kith(['plugins', '--character', join(root, 'character.json')], outside);
    expect(plugins.stderr).toBe('');
    expect(plugins.stdout).toContain('Support Bot');

    const bad = kith(['create', 'agent', 'Support Bot', '--json'], outside);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not kebab-case');
    expect(bad.stderr).toContain('[KITH_CONFIG_INVALID]');
  });
});
