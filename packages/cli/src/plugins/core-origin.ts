import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { nodeModulesPaths, readPackageJson, type PackageJson } from './installed-package';

/** Which core a plugin package runs on. */
export type CoreOrigin =
  /** It imports @kith/core by that name (a Kith plugin). */
  | { kind: 'kith'; version: string | null; dir: string; as: '@kith/core' }
  /** It imports @elizaos/core and that resolves to @kith/core (npm alias through overrides). */
  | { kind: 'kith'; version: string | null; dir: string; as: '@elizaos/core' }
  /** It imports @elizaos/core and that is elizaOS's own: refused. */
  | { kind: 'elizaos'; version: string | null; dir: string }
  /** It depends on @elizaos/core and none is installed where it looks. */
  | { kind: 'missing' }
  /** It depends on neither. */
  | { kind: 'none' };

const dependsOn = (json: PackageJson, name: string): boolean =>
  [json.dependencies, json.peerDependencies, json.optionalDependencies].some(
    (deps) => deps !== undefined && name in deps,
  );

/** The folder `name` resolves to from inside `packageDir`, as Node would find it. */
function resolveFrom(packageDir: string, name: string): { dir: string; json: PackageJson } | null {
  for (const folder of nodeModulesPaths(packageDir)) {
    const file = join(folder, name, 'package.json');
    const json = existsSync(file) ? readPackageJson(file) : null;
    if (json) return { dir: realpathSync(dirname(file)), json };
  }
  return null;
}

/**
 * Which core the plugin in `packageDir` would load, read from the installed
 * files before anything is imported: a real @elizaos/core must never be
 * loaded (it is ~140 MB of another runtime that the agent would not drive).
 */
export function coreOrigin(packageDir: string, json: PackageJson): CoreOrigin {
  if (dependsOn(json, '@elizaos/core')) {
    const found = resolveFrom(packageDir, '@elizaos/core');
    if (!found) return { kind: 'missing' };
    const version = typeof found.json.version === 'string' ? found.json.version : null;
    return found.json.name === '@kith/core'
      ? { kind: 'kith', version, dir: found.dir, as: '@elizaos/core' }
      : { kind: 'elizaos', version, dir: found.dir };
  }
  if (dependsOn(json, '@kith/core')) {
    const found = resolveFrom(packageDir, '@kith/core');
    if (found) return { kind: 'kith', version: found.json.version ?? null, dir: found.dir, as: '@kith/core' };
  }
  return { kind: 'none' };
}

/** How deep foreignCoreWithin follows @elizaos/* dependencies (plugin → its helpers → theirs). */
const ELIZA_DEPENDENCY_DEPTH = 3;

/**
 * A real @elizaos/core that the plugin in `packageDir` would load through
 * one of its own @elizaos/* dependencies (a helper package with a core of
 * its own, which npm nests when the versions differ), or null. The plugin's
 * own core is coreOrigin's concern; this follows only @elizaos/* packages,
 * the realistic way a second core arrives, so a start reads a few files.
 */
export function foreignCoreWithin(
  packageDir: string,
  json: PackageJson,
): { dir: string; version: string | null; via: string } | null {
  const seen = new Set<string>([realpathSync(packageDir)]);
  const visit = (
    dir: string,
    pkg: PackageJson,
    depth: number,
  ): { dir: string; version: string | null; via: string } | null => {
    if (depth > ELIZA_DEPENDENCY_DEPTH) return null;
    const names = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
      (name) => name.startsWith('@elizaos/') && name !== '@elizaos/core',
    );
    for (const name of names) {
      const found = resolveFrom(dir, name);
      if (!found || seen.has(found.dir)) continue;
      seen.add(found.dir);
      const origin = coreOrigin(found.dir, found.json);
      if (origin.kind === 'elizaos') return { dir: origin.dir, version: origin.version, via: name };
      const deeper = visit(found.dir, found.json, depth + 1);
      if (deeper) return deeper;
    }
    return null;
  };
  return visit(packageDir, json, 1);
}

/** "@kith/core 0.1.0", "@kith/core 0.1.0 (as @elizaos/core)", "@elizaos/core 1.7.2 (refused)", "-". */
export function describeCoreOrigin(origin: CoreOrigin, cwd = process.cwd()): string {
  switch (origin.kind) {
    case 'kith':
      return `@kith/core ${origin.version ?? '?'}${origin.as === '@elizaos/core' ? ' (as @elizaos/core)' : ''}`;
    case 'elizaos':
      return `@elizaos/core ${origin.version ?? '?'} at ${relative(cwd, origin.dir) || origin.dir} (refused: run kith add)`;
    case 'missing':
      return '@elizaos/core not installed';
    case 'none':
      return '-';
  }
}
