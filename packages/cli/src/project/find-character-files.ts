import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const NOT_CHARACTERS = new Set(['package.json', 'package-lock.json', 'tsconfig.json', 'jsconfig.json']);
const CHARACTER_KEYS = ['bio', 'plugins', 'system', 'messageExamples', 'style', 'settings', 'username'];

/** A JSON object with a string "name" and one of the keys only characters have. */
function looksLikeCharacter(file: string): boolean {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return typeof record.name === 'string' && CHARACTER_KEYS.some((key) => key in record);
  } catch {
    return false;
  }
}

/** Character files in `dir` and `dir/characters`, as paths relative to `dir`, sorted. */
export function findCharacterFiles(dir: string): string[] {
  const found: string[] = [];
  for (const folder of [dir, join(dir, 'characters')]) {
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (
        !entry.isFile() ||
        !entry.name.endsWith('.json') ||
        NOT_CHARACTERS.has(entry.name) ||
        entry.name.startsWith('tsconfig')
      )
        continue;
      const file = join(folder, entry.name);
      if (looksLikeCharacter(file)) found.push(relative(dir, file));
    }
  }
  return found.sort();
}
