import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export interface DotEnvResult {
  /** The file read, or null when there is none. */
  file: string | null;
  /** Keys set from the file. */
  loaded: string[];
  /** Keys the file has that the environment already set (the environment wins). */
  kept: string[];
}

/**
 * Reads `<dir>/.env` (elizaOS projects keep their keys there) into `env`.
 * A variable already set in the environment wins over the file, so
 * `OPENAI_API_KEY=... kith start` still overrides it. No file, no change.
 */
export function loadDotEnv(dir = process.cwd(), env: NodeJS.ProcessEnv = process.env): DotEnvResult {
  const file = join(dir, '.env');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: null, loaded: [], kept: [] };
    throw error;
  }
  const loaded: string[] = [];
  const kept: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (value === undefined) continue;
    if (env[key] !== undefined) kept.push(key);
    else {
      env[key] = value;
      loaded.push(key);
    }
  }
  return { file, loaded, kept };
}
