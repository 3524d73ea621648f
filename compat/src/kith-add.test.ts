import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kithBin, scratchProject } from './kith-agent';

describe('kith add in a new project (real npm, real registry)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-add-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('installs an elizaOS plugin with the overrides that keep it on @kith/core, and lists it in the character', () => {
    const project = scratchProject();
    const core = readFileSync(join(project, 'package.json'), 'utf8');
    const coreTarball = (JSON.parse(core) as { overrides: Record<string, string> }).overrides['@elizaos/core'];
    // A project that depends on Kith (here the packed @kith/core, as `npm install @kith/core` would give).
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'my-agent', private: true, dependencies: { '@kith/core': coreTarball } }, null, 2),
    );
    writeFileSync(
      join(dir, 'eliza.json'),
      JSON.stringify({ name: 'Eliza', bio: ['x'], plugins: ['@elizaos/plugin-sql'] }, null, 2),
    );
    const kith = (args: string[]) =>
      execFileSync(process.execPath, [kithBin(project), ...args], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          LOG_LEVEL: 'error',
          npm_config_update_notifier: 'false',
          npm_config_loglevel: 'error',
          npm_config_prefer_offline: 'true',
        },
      });

    const out = kith(['add', '@elizaos/plugin-memory@1.1.2']);
    expect(out).toContain(`package.json: "overrides": {"@elizaos/core": "${coreTarball}"}`);
    expect(out).toContain('eliza.json: added @elizaos/plugin-memory to "plugins"');
    const packageJson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      overrides: Record<string, string>;
    };
    expect(packageJson.overrides).toEqual({ '@elizaos/core': coreTarball });
    expect(packageJson.dependencies['@elizaos/plugin-memory']).toMatch(/1\.1\.2/);
    expect((JSON.parse(readFileSync(join(dir, 'eliza.json'), 'utf8')) as { plugins: string[] }).plugins).toEqual([
      '@elizaos/plugin-sql',
      '@elizaos/plugin-memory',
    ]);
    const tree = execFileSync('npm', ['ls', '@elizaos/core', '--all'], { cwd: dir, encoding: 'utf8' });
    expect(tree).toMatch(/@elizaos\/core@npm:@kith\/core@\d/);
    expect(tree).not.toMatch(/@elizaos\/core@1\./);
  });
});
