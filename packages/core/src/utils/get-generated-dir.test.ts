import path from 'node:path';
import { getGeneratedDir } from './get-generated-dir';

const KEYS = ['KITH_GENERATED_DIR', 'ELIZA_DATA_DIR_GENERATED', 'KITH_DATA_DIR', 'ELIZA_DATA_DIR'];

describe('getGeneratedDir', () => {
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    for (const key of KEYS) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  });
  afterEach(() => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('defaults to ./.kith/data/generated', () => {
    expect(getGeneratedDir()).toBe(path.resolve('.kith', 'data', 'generated'));
  });

  it('follows the data dir', () => {
    process.env.ELIZA_DATA_DIR = '/tmp/eliza-data';
    expect(getGeneratedDir()).toBe(path.resolve('/tmp/eliza-data/generated'));
    process.env.KITH_DATA_DIR = '/tmp/kith-data';
    expect(getGeneratedDir()).toBe(path.resolve('/tmp/kith-data/generated'));
  });

  it('uses an explicit generated dir first', () => {
    process.env.KITH_DATA_DIR = '/tmp/kith-data';
    process.env.ELIZA_DATA_DIR_GENERATED = '/tmp/gen-eliza';
    expect(getGeneratedDir()).toBe(path.resolve('/tmp/gen-eliza'));
    process.env.KITH_GENERATED_DIR = '/tmp/gen-kith';
    expect(getGeneratedDir()).toBe(path.resolve('/tmp/gen-kith'));
  });
});
