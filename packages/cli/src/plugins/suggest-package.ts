import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { nodeModulesPaths } from './installed-package';

/** Edit distance (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The package names installed in the node_modules folders that `searchPaths` see (scoped ones included). */
export function installedPackageNames(searchPaths: readonly string[]): string[] {
  const names = new Set<string>();
  for (const start of searchPaths) {
    for (const folder of nodeModulesPaths(start)) {
      if (!existsSync(folder)) continue;
      for (const entry of readdirSync(folder)) {
        if (entry.startsWith('.')) continue;
        if (!entry.startsWith('@')) names.add(entry);
        else for (const inner of readdirSync(join(folder, entry))) names.add(`${entry}/${inner}`);
      }
    }
  }
  return [...names];
}

/**
 * The installed package whose name is nearest to `name` (a typo, a missing or wrong scope), when it
 * is near enough to be the one meant; plugin packages are preferred on a tie.
 */
export function suggestPackage(name: string, installed: readonly string[]): string | null {
  const bare = (n: string) => n.replace(/^@[^/]+\//, '');
  let best: { name: string; score: number } | null = null;
  for (const candidate of installed) {
    if (candidate === name) continue;
    const score =
      Math.min(distance(name, candidate), distance(bare(name), bare(candidate)) + 1) -
      (candidate.includes('plugin') ? 0.5 : 0);
    if (!best || score < best.score) best = { name: candidate, score };
  }
  const limit = Math.max(2, Math.floor(bare(name).length / 4));
  return best && best.score <= limit ? best.name : null;
}
