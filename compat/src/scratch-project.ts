import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { packWorkspace, WORKSPACE_ROOT } from './pack-workspace';
import { cacheKey, CHARACTER_PACKAGES, PINNED_PLUGINS } from './pinned-plugins';

/** Where installs are kept between runs (outside the repo: CI clones afresh each time). */
export function cacheRoot(): string {
  return process.env.KITH_COMPAT_CACHE ?? join(homedir(), '.cache', 'kith-compat');
}

export function projectDir(): string {
  return join(cacheRoot(), cacheKey());
}

const LOCK_STALE_MS = 30 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One suite run at a time per cache folder (mkdir is atomic); a lock older than 30 min is taken over. */
export function acquireLock(dir: string): () => void {
  const lock = `${dir}.lock`;
  mkdirSync(cacheRoot(), { recursive: true });
  for (let waited = 0; ; waited += 1_000) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (waited > LOCK_STALE_MS)
        throw new Error(`${lock} is held by another suite run; remove it if none is running`, { cause: error });
      else sleep(1_000);
    }
  }
}

export interface InstallReport {
  dir: string;
  cold: boolean;
  seconds: { pack: number; install: number; rebuild: number; characters: number };
}

const timed = <T>(fn: () => T): [T, number] => {
  const started = performance.now();
  const value = fn();
  return [value, Math.round((performance.now() - started) / 100) / 10];
};

function run(cwd: string, command: string, args: string[]): void {
  execFileSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

/**
 * The scratch project: the pinned elizaOS plugins and the freshly packed
 * Kith packages, installed from npm as a user would, with the overrides
 * entry that makes every @elizaos/core resolve to @kith/core. Kept in the
 * cache folder: a warm run only reinstalls the Kith tarballs.
 * `--ignore-scripts` because plugin-ollama's postinstall needs bun; only
 * better-sqlite3 needs its build, done once.
 */
export function installScratchProject(dir = projectDir()): InstallReport {
  const cold = !existsSync(join(dir, 'node_modules'));
  mkdirSync(dir, { recursive: true });
  const [tarballs, pack] = timed(() => packWorkspace(join(dir, 'kith')));
  rmSync(join(dir, 'probe'), { recursive: true, force: true });
  cpSync(join(__dirname, 'testing', 'probe'), join(dir, 'probe'), { recursive: true });
  cpSync(join(__dirname, 'testing', 'mcp-echo-server.mjs'), join(dir, 'mcp-echo-server.mjs'));
  const dependencies: Record<string, string> = { ...PINNED_PLUGINS, 'kith-compat-probe': 'file:probe' };
  for (const [name, file] of Object.entries(tarballs)) dependencies[name] = `file:${relative(dir, file)}`;
  const packageJson = {
    name: 'kith-compat-scratch',
    private: true,
    description: 'Installed by compat/src/scratch-project.ts; safe to delete.',
    dependencies,
    // What `kith add` writes; absolute because npm reads an override's path from the dependent package.
    overrides: { '@elizaos/core': `file:${tarballs['@kith/core']}` },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  const [, install] = timed(() =>
    run(dir, 'npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=error']),
  );
  const [, rebuild] = timed(() => buildBetterSqlite3(dir));
  const [, characters] = timed(() => fetchCharacterPackages(dir));
  return { dir, cold, seconds: { pack, install, rebuild, characters } };
}

const BETTER_SQLITE3_BINARY = 'build/Release/better_sqlite3.node';

/**
 * better-sqlite3's native module, which `--ignore-scripts` skipped: copied from
 * the workspace's own build when it is the same version (the workspace's
 * `npm ci` just compiled it), else compiled with `npm rebuild` (minutes).
 */
function buildBetterSqlite3(dir: string): void {
  const target = join(dir, 'node_modules/better-sqlite3');
  if (existsSync(join(target, BETTER_SQLITE3_BINARY))) return;
  const source = join(WORKSPACE_ROOT, 'node_modules/better-sqlite3');
  const version = (folder: string) =>
    (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
  if (existsSync(join(source, BETTER_SQLITE3_BINARY)) && version(source) === version(target)) {
    cpSync(join(source, 'build'), join(target, 'build'), { recursive: true });
    return;
  }
  run(dir, 'npm', ['rebuild', 'better-sqlite3', '--loglevel=error']);
}

/** The character packages, unpacked under characters/<name> (npm pack: not installed, so not resolved). */
function fetchCharacterPackages(dir: string): void {
  for (const [name, version] of Object.entries(CHARACTER_PACKAGES)) {
    const target = join(dir, 'characters', `${name.replace('/', '+')}@${version}`);
    if (existsSync(join(target, 'package.json'))) continue;
    mkdirSync(target, { recursive: true });
    const [file] = JSON.parse(
      execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', target], {
        cwd: dir,
        encoding: 'utf8',
      }),
    ) as { filename: string }[];
    execFileSync('tar', ['-xzf', file.filename, '--strip-components=1'], { cwd: target });
  }
}

/** Lock-file entries for @elizaos/core that are not @kith/core (must be none). */
export function foreignCores(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { name?: string }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.endsWith('node_modules/@elizaos/core') && entry.name !== '@kith/core')
    .map(([path]) => path);
}
