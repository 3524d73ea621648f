import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ProjectPackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The folder of the nearest package.json from `start` up; null when there is none. */
export function findProjectDir(start: string): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dir === dirname(dir)) return null;
  }
}

export function readProjectPackageJson(dir: string): ProjectPackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as ProjectPackageJson;
}

/** Writes package.json with the indentation it had (two spaces when unknown). */
export function writeProjectPackageJson(dir: string, json: ProjectPackageJson): void {
  const file = join(dir, 'package.json');
  const indent = existsSync(file) ? (/^\{\n([ \t]+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '  ') : '  ';
  writeFileSync(file, `${JSON.stringify(json, null, indent)}\n`);
}
