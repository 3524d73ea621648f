import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PackageJson } from './installed-package';

/** Conditions an `import()` from Node matches, then those a `require()` matches. */
const IMPORT_CONDITIONS = ['node', 'import', 'module-sync', 'default'];
const REQUIRE_CONDITIONS = ['node', 'require', 'default'];

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/** Follows one "exports" target (string, condition object, or fallback array) to a relative path. */
function target(value: unknown, conditions: readonly string[], star?: string): string | null {
  if (typeof value === 'string') return star === undefined ? value : value.replace(/\*/g, star);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = target(item, conditions, star);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [condition, next] of Object.entries(value)) {
      if (!conditions.includes(condition)) continue;
      const found = target(next, conditions, star);
      if (found) return found;
    }
  }
  return null;
}

/** The "exports" entry for `subpath` ("." or "./x"), with `*` patterns. */
function exportsEntry(exports: unknown, subpath: string): { value: unknown; star?: string } | null {
  const isSubpathMap =
    typeof exports === 'object' &&
    exports !== null &&
    !Array.isArray(exports) &&
    Object.keys(exports).some((k) => k.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? { value: exports } : null;
  const map = exports as Record<string, unknown>;
  if (subpath in map) return { value: map[subpath] };
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      return { value, star: subpath.slice(before.length, subpath.length - after.length) };
    }
  }
  return null;
}

function withExtensions(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.js`,
    `${base}.cjs`,
    `${base}.mjs`,
    `${base}.json`,
    join(base, 'index.js'),
    join(base, 'index.cjs'),
    join(base, 'index.mjs'),
  ]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

/**
 * The file an installed package's `subpath` loads, for CommonJS, ESM-only and
 * dual packages alike: its "exports" under the import conditions, else under
 * the require conditions, else "main" (or the subpath itself), else index.js.
 * Null when nothing matches.
 */
export function resolvePackageEntry(dir: string, json: PackageJson, subpath = '.'): string | null {
  if (json.exports !== undefined && json.exports !== null) {
    const entry = exportsEntry(json.exports, subpath);
    if (!entry) return null;
    for (const conditions of [IMPORT_CONDITIONS, REQUIRE_CONDITIONS]) {
      const relative = target(entry.value, conditions, entry.star);
      if (relative && isFile(resolve(dir, relative))) return resolve(dir, relative);
    }
    return null;
  }
  if (subpath !== '.') return withExtensions(resolve(dir, subpath));
  return (json.main ? withExtensions(resolve(dir, json.main)) : null) ?? withExtensions(join(dir, 'index'));
}
