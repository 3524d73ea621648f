import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { logger } from '../../../logger';

export interface LoadEnvOptions {
  /** Replace variables already set (default false: the process environment wins). */
  override?: boolean;
}

/** How many folders `findAllEnvFiles` climbs at most, as in elizaOS. */
const MAX_LEVELS = 10;

/** The first of `filenames` found in `startDir` or a folder above it, or null. */
export function findEnvFile(startDir?: string, filenames: string[] = ['.env', '.env.local']): string | null {
  let dir = startDir ?? process.cwd();
  for (;;) {
    for (const name of filenames) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * Loads a .env file (`envPath`, else the one `findEnvFile` finds) into
 * `process.env`; false when there is none or it cannot be read. Parsed with
 * Node's own `util.parseEnv` (Node >= 20.12): core does not depend on dotenv,
 * and the two agree on the usual syntax (quotes, `#` comments, `export`).
 */
export function loadEnvFile(envPath?: string, options?: LoadEnvOptions): boolean {
  const path = envPath ?? findEnvFile();
  if (!path) return false;
  let parsed: NodeJS.Dict<string>;
  try {
    parsed = parseEnv(readFileSync(path, 'utf8'));
  } catch (error) {
    logger.warn({ err: error, path }, 'could not read the .env file');
    return false;
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    if (options?.override || process.env[key] === undefined) process.env[key] = value;
  }
  return true;
}

/** Every `.env` from `startDir` upwards (closest first), stopping at `boundaryDir` or after ten folders. */
export function findAllEnvFiles(startDir: string, boundaryDir?: string): string[] {
  const boundary = boundaryDir ? resolve(boundaryDir) : null;
  const found: string[] = [];
  let dir = startDir;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const candidate = join(dir, '.env');
    if (existsSync(candidate)) found.push(candidate);
    if (boundary !== null && resolve(dir) === boundary) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return found;
}

/**
 * Loads every `.env` from `startDir` upwards so that the closest file wins
 * (each overrides the ones above it, and the process environment). Returns
 * the files, closest first.
 */
export function loadEnvFilesWithPrecedence(
  startDir: string,
  options?: { boundaryDir?: string; clearBeforeLoad?: boolean; varsToClear?: string[] },
): string[] {
  const files = findAllEnvFiles(startDir, options?.boundaryDir);
  if (files.length === 0) return [];
  if (options?.clearBeforeLoad && options.varsToClear) {
    for (const name of options.varsToClear) delete process.env[name];
  }
  for (const file of [...files].reverse()) loadEnvFile(file, { override: true });
  return files;
}
