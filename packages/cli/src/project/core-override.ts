import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { defaultCoreOverride } from '../plugins/kith-core-spec';
import type { ProjectPackageJson } from './project-package-json';

const SEMVER_RANGE = /^[\^~<>=*xX\d\s.|-]+$/;

/**
 * The overrides value that makes @elizaos/core resolve to the same @kith/core
 * the project depends on: its own spec when it is not a version range (a
 * tarball, a folder, an npm: alias), `npm:@kith/core@<range>` when it is, and
 * the CLI's own @kith/core version when the project has no @kith/core.
 * A relative `file:` path is made absolute: npm reads an override's path
 * from the package that depends on it, not from the project.
 */
export function coreOverrideSpec(json: ProjectPackageJson, projectDir: string): string {
  const own = json.dependencies?.['@kith/core'];
  if (!own) return defaultCoreOverride();
  if (SEMVER_RANGE.test(own)) return `npm:@kith/core@${own}`;
  const path = /^file:(.*)$/.exec(own)?.[1];
  if (path !== undefined && !isAbsolute(path)) return `file:${resolve(projectDir, path)}`;
  return own;
}

/** Lock-file entries (package-lock.json v2/v3) that are elizaOS's own @elizaos/core, by path. */
export function realCoresInLock(lockFile: string): string[] {
  if (!existsSync(lockFile)) return [];
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages?: Record<string, { name?: string; version?: string }>;
  };
  return Object.entries(lock.packages ?? {})
    .filter(
      ([path, entry]) =>
        path.endsWith('node_modules/@elizaos/core') && (entry.name === undefined || entry.name === '@elizaos/core'),
    )
    .map(([path]) => path);
}

/** Installed @elizaos/core folders whose package is elizaOS's own, searched through nested node_modules. */
export function realCoresInstalled(projectDir: string): string[] {
  const found: string[] = [];
  const visit = (nodeModules: string, depth: number): void => {
    if (depth > 8 || !existsSync(nodeModules)) return;
    const core = join(nodeModules, '@elizaos', 'core', 'package.json');
    if (existsSync(core) && (JSON.parse(readFileSync(core, 'utf8')) as { name?: string }).name === '@elizaos/core')
      found.push(join(nodeModules, '@elizaos', 'core'));
    for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const packages = entry.name.startsWith('@')
        ? readdirSync(join(nodeModules, entry.name)).map((n) => join(entry.name, n))
        : [entry.name];
      for (const name of packages) visit(join(nodeModules, name, 'node_modules'), depth + 1);
    }
  };
  visit(join(projectDir, 'node_modules'), 0);
  return found;
}

/** The dependency fields where a project can list @elizaos/core itself. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/**
 * Makes a project's own @elizaos/core entries (every elizaOS project lists
 * one) the same spec as the override: npm refuses an override for a direct
 * dependency unless both name the same spec (EOVERRIDE). Returns the fields
 * it changed.
 */
export function alignDirectCore(json: ProjectPackageJson, spec: string): string[] {
  const changed: string[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const dependencies = json[field] as Record<string, string> | undefined;
    if (!dependencies || dependencies['@elizaos/core'] === undefined || dependencies['@elizaos/core'] === spec)
      continue;
    dependencies['@elizaos/core'] = spec;
    changed.push(field);
  }
  return changed;
}
