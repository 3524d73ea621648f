import { join } from 'node:path';
import { getGeneratedDir } from '../../../utils/get-generated-dir';

export interface ElizaPathsConfig {
  dataDir: string;
  databaseDir: string;
  charactersDir: string;
  generatedDir: string;
  uploadsAgentsDir: string;
  uploadsChannelsDir: string;
}

/** The first variable of `names` that is set and not blank. */
function fromEnv(...names: string[]): string | undefined {
  for (const name of names) {
    const value = process.env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * elizaOS's data folders, mapped onto Kith's. The data folder is
 * KITH_DATA_DIR, else elizaOS's ELIZA_DATA_DIR, else `./.kith` (Kith's
 * default; elizaOS's is `./.eliza`). The database folder is
 * ELIZA_DATABASE_DIR or PGLITE_DATA_DIR when set, else the data folder
 * itself, where Kith keeps `kith.db` (elizaOS uses `<data>/.elizadb`). The
 * other folders keep elizaOS's variables and layout under the data folder
 * (`data/characters`, `data/generated`, `data/uploads/agents`,
 * `data/uploads/channels`). Each path is read once and cached until
 * `resetPaths()`.
 */
export class ElizaPaths {
  private readonly cache = new Map<keyof ElizaPathsConfig, string>();

  getDataDir(): string {
    return this.cached('dataDir', () => fromEnv('KITH_DATA_DIR', 'ELIZA_DATA_DIR') ?? join(process.cwd(), '.kith'));
  }

  getDatabaseDir(): string {
    return this.cached('databaseDir', () => fromEnv('ELIZA_DATABASE_DIR', 'PGLITE_DATA_DIR') ?? this.getDataDir());
  }

  getCharactersDir(): string {
    return this.underData('charactersDir', 'ELIZA_DATA_DIR_CHARACTERS', 'data', 'characters');
  }

  /** Kith's own rule (KITH_GENERATED_DIR, ELIZA_DATA_DIR_GENERATED, else under the data dir), cached like the rest. */
  getGeneratedDir(): string {
    return this.cached('generatedDir', getGeneratedDir);
  }

  getUploadsAgentsDir(): string {
    return this.underData('uploadsAgentsDir', 'ELIZA_DATA_DIR_UPLOADS_AGENTS', 'data', 'uploads', 'agents');
  }

  getUploadsChannelsDir(): string {
    return this.underData('uploadsChannelsDir', 'ELIZA_DATA_DIR_UPLOADS_CHANNELS', 'data', 'uploads', 'channels');
  }

  getAllPaths(): ElizaPathsConfig {
    return {
      dataDir: this.getDataDir(),
      databaseDir: this.getDatabaseDir(),
      charactersDir: this.getCharactersDir(),
      generatedDir: this.getGeneratedDir(),
      uploadsAgentsDir: this.getUploadsAgentsDir(),
      uploadsChannelsDir: this.getUploadsChannelsDir(),
    };
  }

  clearCache(): void {
    this.cache.clear();
  }

  private underData(key: keyof ElizaPathsConfig, variable: string, ...segments: string[]): string {
    return this.cached(key, () => fromEnv(variable) ?? join(this.getDataDir(), ...segments));
  }

  private cached(key: keyof ElizaPathsConfig, compute: () => string): string {
    let value = this.cache.get(key);
    if (value === undefined) {
      value = compute();
      this.cache.set(key, value);
    }
    return value;
  }
}

let instance: ElizaPaths | null = null;

export function getElizaPaths(): ElizaPaths {
  instance ??= new ElizaPaths();
  return instance;
}

export function getDataDir(): string {
  return getElizaPaths().getDataDir();
}

export function getDatabaseDir(): string {
  return getElizaPaths().getDatabaseDir();
}

export function getCharactersDir(): string {
  return getElizaPaths().getCharactersDir();
}

export function getUploadsAgentsDir(): string {
  return getElizaPaths().getUploadsAgentsDir();
}

export function getUploadsChannelsDir(): string {
  return getElizaPaths().getUploadsChannelsDir();
}

export function getAllElizaPaths(): ElizaPathsConfig {
  return getElizaPaths().getAllPaths();
}

/** Drops the cached paths, so the next call reads the environment again. */
export function resetPaths(): void {
  instance?.clearCache();
  instance = null;
}
