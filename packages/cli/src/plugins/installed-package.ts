import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What the loader reads of a package.json. */
export interface PackageJson {
  name?: string;
  version?: string;
  type?: string;
  main?: string;
  exports?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** An installed package: its folder (symlinks resolved) and package.json. */
export interface InstalledPackage {
  dir: string;
  json: PackageJson;
}

export function readPackageJson(file: string): PackageJson | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

/** `@scope/name/sub/path` → `{ name: '@scope/name', subpath: './sub/path' }`. */
export function splitSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const size = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(size).join('/');
  return { name: parts.slice(0, size).join('/'), subpath: rest ? `./${rest}` : '.' };
}

/** The node_modules folders Node searches from `start` upwards, in order. */
export function nodeModulesPaths(start: string): string[] {
  const paths: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') paths.push(join(dir, 'node_modules'));
    if (dir === dirname(dir)) return paths;
  }
}

/** Finds package `name` the way Node's resolver does, from each of `searchPaths` in turn; null when it is not installed. */
export function findInstalledPackage(name: string, searchPaths: readonly string[]): InstalledPackage | null {
  for (const start of searchPaths) {
    for (const folder of nodeModulesPaths(start)) {
      const file = join(folder, name, 'package.json');
      if (!existsSync(file)) continue;
      const json = readPackageJson(file);
      if (json) return { dir: realpathSync(dirname(file)), json };
    }
  }
  return null;
}

/** The nearest package.json's "type" decides for .js files, as in Node. */
export function isEsmFile(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) return readPackageJson(pkg)?.type === 'module';
  }
  return false;
}
