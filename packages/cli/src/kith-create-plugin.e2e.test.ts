import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const REPO = resolve(__dirname, '../../..');

function kith(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Building and testing a generated package is tools/src/generated-plugin.e2e.test.ts; this checks the command around it.
describe('kith create plugin (built CLI in a temporary copy of the workspace)', () => {
  let workspace: string;
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'kith-create-plugin-'));
    for (const file of ['package.json', 'nx.json', 'tsconfig.json']) copyFileSync(join(REPO, file), join(workspace, file));
    // node_modules holds @kith/tools, whose generator the command runs.
    symlinkSync(join(REPO, 'node_modules'), join(workspace, 'node_modules'), 'dir');
    mkdirSync(join(workspace, 'packages'));
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('writes packages/plugin-NAME from anywhere in the workspace and says what to do next', () => {
    const result = kith(['create', 'plugin', 'weather-report', '--description', 'Weather for the agent.'], join(workspace, 'packages'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created @kith/plugin-weather-report in packages/plugin-weather-report (export weatherReportPlugin):');
    expect(result.stdout).toContain('  create packages/plugin-weather-report/src/actions/greet-action.ts');
    expect(result.stdout).toContain('  update tsconfig.json');
    expect(result.stdout).toContain('npx tsc -b packages/plugin-weather-report');

    const root = join(workspace, 'packages', 'plugin-weather-report');
    expect(readdirSync(root).sort()).toEqual(['README.md', 'jest.config.js', 'package.json', 'src', 'tsconfig.json', 'tsconfig.spec.json']);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; description: string };
    expect(pkg).toMatchObject({ name: '@kith/plugin-weather-report', description: 'Weather for the agent.' });
    const references = (JSON.parse(readFileSync(join(workspace, 'tsconfig.json'), 'utf8')) as { references: { path: string }[] }).references;
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

  it('says where to run it when there is no workspace', () => {
    const outside = mkdtempSync(join(tmpdir(), 'kith-no-workspace-'));
    try {
      const result = kith(['create', 'plugin', 'weather'], outside);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`no nx.json in ${outside} or above: run it inside a Kith workspace`);
      expect(existsSync(join(outside, 'packages'))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
