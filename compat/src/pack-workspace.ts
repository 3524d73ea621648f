import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const WORKSPACE_ROOT = resolve(__dirname, '../..');

/** The publishable Kith packages, by folder under packages/. */
export const KITH_PACKAGES = [
  'core',
  'plugin-sql',
  'plugin-bootstrap',
  'plugin-eliza-classic',
  'plugin-openai',
  'server',
  'client-cli',
  'cli',
];

/**
 * `npm pack`s the Kith packages (built dist, as published) into `dir`, each
 * named `<name>-<version>-<content hash>.tgz`: npm reinstalls a file:
 * dependency only when its spec changes, so a rebuilt package needs a new name.
 * Returns package name → absolute tarball path.
 */
export function packWorkspace(dir: string, folders = KITH_PACKAGES): Record<string, string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const args = ['pack', '--pack-destination', dir, '--json', ...folders.flatMap((f) => ['-w', `packages/${f}`])];
  const packed = JSON.parse(
    execFileSync('npm', args, { cwd: WORKSPACE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  ) as { name: string; filename: string }[];
  const tarballs: Record<string, string> = {};
  for (const { name, filename } of packed) {
    const file = join(dir, filename.replace(/^@/, '').replace(/\//g, '-'));
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
    const named = file.replace(/\.tgz$/, `-${hash}.tgz`);
    renameSync(file, named);
    tarballs[name] = named;
  }
  if (Object.keys(tarballs).length !== folders.length)
    throw new Error(`npm pack made ${readdirSync(dir).join(', ')}; expected ${folders.length} tarballs`);
  return tarballs;
}
