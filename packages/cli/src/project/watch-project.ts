import { watch, type FSWatcher } from 'node:fs';
import { sep } from 'node:path';

const WATCHED = /\.(ts|mts|cts|js|mjs|cjs|json)$/;
const IGNORED = new Set(['node_modules', '.git', '.kith', '.nx', 'coverage']);

/**
 * Calls `onChange` with the files (relative to `root`) that changed, once edits have been quiet for
 * `quietMs`: an editor's save is often several writes. Sources and character files only;
 * node_modules, .git and the data folder are skipped.
 */
export function watchProject(
  root: string,
  onChange: (files: string[]) => void,
  options: { quietMs?: number; ignore?: (file: string) => boolean } = {},
): FSWatcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  // Recursive fs.watch works on Linux, macOS and Windows from Node 20.
  return watch(root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const file = name.toString();
    if (!WATCHED.test(file) || file.split(sep).some((part) => IGNORED.has(part)) || options.ignore?.(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending].sort();
      pending = new Set();
      onChange(files);
    }, options.quietMs ?? 150);
  });
}
