import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kithBin, scratchProject } from './kith-agent';

const kithIn =
  (dir: string, project: string) =>
  (args: string[]): string =>
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

/** The packed @kith/core the scratch project's overrides point at. */
const packedCore = (project: string): string =>
  (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { overrides: Record<string, string> }).overrides[
    '@elizaos/core'
  ];

describe('kith add in a new project (real npm, real registry)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-add-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('in an elizaOS project (a direct @elizaos/core dependency): sets it to @kith/core with the override, which npm accepts', () => {
    const project = scratchProject();
    const coreTarball = packedCore(project);
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify(
        {
          name: 'my-eliza-project',
          private: true,
          dependencies: { '@elizaos/core': '^1.7.2', '@kith/core': coreTarball },
        },
        null,
        2,
      ),
    );
    writeFileSync(join(dir, 'eliza.json'), JSON.stringify({ name: 'Eliza', bio: ['x'], plugins: [] }, null, 2));
    const out = kithIn(dir, project)(['add', '@elizaos/plugin-memory@1.1.2']);
    expect(out).toContain(`package.json: "overrides": {"@elizaos/core": "${coreTarball}"}`);
    expect(out).toContain(`package.json: "dependencies": {"@elizaos/core": "${coreTarball}"}`);
    const packageJson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      overrides: Record<string, string>;
    };
    expect(packageJson.overrides).toEqual({ '@elizaos/core': coreTarball });
    expect(packageJson.dependencies['@elizaos/core']).toBe(coreTarball);
    const tree = execFileSync('npm', ['ls', '@elizaos/core', '--all'], { cwd: dir, encoding: 'utf8' });
    expect(tree).not.toMatch(/@elizaos\/core@1\./);
  });

  it('puts package.json and package-lock.json back as they were when the install fails after the override was written', () => {
    const project = scratchProject();
    const manifest = `${JSON.stringify(
      { name: 'my-eliza-project', private: true, dependencies: { '@kith/core': packedCore(project) } },
      null,
      2,
    )}\n`;
    writeFileSync(join(dir, 'package.json'), manifest);
    writeFileSync(join(dir, 'eliza.json'), JSON.stringify({ name: 'Eliza', bio: ['x'], plugins: [] }, null, 2));
    // A package whose install script fails: npm resolves it (the override is written), then the install fails.
    const bad = join(dir, 'vendor', 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(
      join(bad, 'package.json'),
      JSON.stringify({ name: 'kith-failing-install', version: '1.0.0', scripts: { postinstall: 'exit 3' } }),
    );
    execFileSync('npm', ['pack', '--silent', '--pack-destination', join(dir, 'vendor')], { cwd: bad });
    const run = () =>
      kithIn(dir, project)(['add', '@elizaos/plugin-memory@1.1.2', './vendor/kith-failing-install-1.0.0.tgz']);
    let failure: { status: number; stdout: string; stderr: string } | undefined;
    try {
      run();
    } catch (error) {
      failure = error as { status: number; stdout: string; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stdout).toContain('"overrides": {"@elizaos/core"');
    expect(failure?.stdout).toContain('kith add failed: package.json and package-lock.json put back as they were');
    expect(failure?.stderr).toContain('[KITH_NPM_FAILED]');
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(manifest);
    expect(() => readFileSync(join(dir, 'package-lock.json'))).toThrow();
  });

  it('installs an elizaOS plugin with the overrides that keep it on @kith/core, and lists it in the character', () => {
    const project = scratchProject();
    const coreTarball = packedCore(project);
    // A project that depends on Kith (here the packed @kith/core, as `npm install @kith/core` would give).
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'my-agent', private: true, dependencies: { '@kith/core': coreTarball } }, null, 2),
    );
    writeFileSync(
      join(dir, 'eliza.json'),
      JSON.stringify({ name: 'Eliza', bio: ['x'], plugins: ['@elizaos/plugin-sql'] }, null, 2),
    );
    const kith = kithIn(dir, project);

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
