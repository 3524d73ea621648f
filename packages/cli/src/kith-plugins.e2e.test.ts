import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin/kith.js');

function kith(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ELIZA_OPENAI_API_KEY: '', ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Listed {
  character: string;
  model: string;
  plugins: { name: string; package: string; version: string; source: string; registers: { actions: number; models: string[] }; registered: { actions: string[]; events: string[] } }[];
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
    expect(lines[1]).toMatch(/^ {2}plugin +package +version +from +registers$/);
    expect(lines[2]).toMatch(/^ {2}sql +@kith\/plugin-sql +0\.1\.0 +character +/);
    expect(lines[3]).toMatch(/^ {2}bootstrap +@kith\/plugin-bootstrap +0\.1\.0 +character +13 actions, \d+ providers, 1 evaluator, \d+ services, 0 models/);
    expect(lines[4]).toMatch(/^ {2}eliza-classic +@kith\/plugin-eliza-classic +0\.1\.0 +automatic +.*3 models \(TEXT_SMALL, TEXT_LARGE, TEXT_EMBEDDING\)$/);
    expect(lines[5]).toBe('model: eliza-classic (offline)');
  });

  it('follows the automatic model choice, here from a <CHARACTER_NAME>_ secret, and prints JSON', () => {
    const result = kith(['plugins', '--json'], { ELIZA_OPENAI_API_KEY: 'sk-test' });
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
    // Read from the runtime's records: names, including what a plugin registers in its init.
    expect(listed.plugins[1].registered.actions).toEqual(expect.arrayContaining(['REPLY', 'IGNORE', 'NONE']));
    expect(listed.plugins[1].registers.actions).toBe(listed.plugins[1].registered.actions.length);
    expect(listed.plugins[0].registered.events).toContain('RUN_ENDED');
  });

  it('names a missing plugin package with the npm install command', () => {
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: ['@kith/plugin-sql', '@acme/plugin-not-installed'] }));
    const result = kith(['plugins', '--character', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Plugin package "@acme/plugin-not-installed" could not be loaded');
    expect(result.stderr).toContain('npm install @acme/plugin-not-installed');
    expect(result.stderr).toContain('[KITH_PLUGIN_NOT_FOUND]');
  });
});
