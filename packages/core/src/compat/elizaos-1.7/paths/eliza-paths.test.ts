import { afterEach, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import {
  getAllElizaPaths,
  getCharactersDir,
  getDataDir,
  getDatabaseDir,
  getElizaPaths,
  getUploadsAgentsDir,
  getUploadsChannelsDir,
  resetPaths,
} from './eliza-paths';

const VARS = ['KITH_DATA_DIR', 'ELIZA_DATA_DIR', 'ELIZA_DATABASE_DIR', 'PGLITE_DATA_DIR', 'ELIZA_DATA_DIR_CHARACTERS'];
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

function setVars(values: Record<string, string | undefined>): void {
  for (const name of VARS) delete process.env[name];
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
  resetPaths();
}

afterEach(() => setVars(saved));

describe('elizaOS paths on Kith', () => {
  it('defaults to ./.kith with elizaOS layout underneath', () => {
    setVars({});
    const data = join(process.cwd(), '.kith');
    expect(getAllElizaPaths()).toEqual({
      dataDir: data,
      databaseDir: data,
      charactersDir: join(data, 'data', 'characters'),
      generatedDir: join(data, 'data', 'generated'),
      uploadsAgentsDir: join(data, 'data', 'uploads', 'agents'),
      uploadsChannelsDir: join(data, 'data', 'uploads', 'channels'),
    });
  });

  it('honours KITH_DATA_DIR before ELIZA_DATA_DIR', () => {
    setVars({ KITH_DATA_DIR: '/srv/kith', ELIZA_DATA_DIR: '/srv/eliza' });
    expect(getDataDir()).toBe('/srv/kith');
    setVars({ ELIZA_DATA_DIR: '/srv/eliza' });
    expect(getDataDir()).toBe('/srv/eliza');
    expect(getUploadsAgentsDir()).toBe(join('/srv/eliza', 'data', 'uploads', 'agents'));
    expect(getUploadsChannelsDir()).toBe(join('/srv/eliza', 'data', 'uploads', 'channels'));
  });

  it("honours elizaOS's per-folder variables", () => {
    setVars({ PGLITE_DATA_DIR: '/db/pglite', ELIZA_DATA_DIR_CHARACTERS: '/chars' });
    expect(getDatabaseDir()).toBe('/db/pglite');
    expect(getCharactersDir()).toBe('/chars');
    setVars({ ELIZA_DATABASE_DIR: '/db/eliza', PGLITE_DATA_DIR: '/db/pglite' });
    expect(getDatabaseDir()).toBe('/db/eliza');
  });

  it('caches until resetPaths', () => {
    setVars({ KITH_DATA_DIR: '/one' });
    const paths = getElizaPaths();
    expect(paths.getDataDir()).toBe('/one');
    process.env.KITH_DATA_DIR = '/two';
    expect(getDataDir()).toBe('/one');
    resetPaths();
    expect(getElizaPaths()).not.toBe(paths);
    expect(getDataDir()).toBe('/two');
  });
});
