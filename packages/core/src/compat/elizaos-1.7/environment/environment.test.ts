import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAllowedEnvVars, setAllowedEnvVars } from './allowed-env-vars';
import { findAllEnvFiles, findEnvFile, loadEnvFile, loadEnvFilesWithPrecedence } from './env-files';
import {
  Environment,
  currentRuntime,
  detectEnvironment,
  getBooleanEnv,
  getEnv,
  getEnvironment,
  getNumberEnv,
  hasEnv,
  initBrowserEnvironment,
  isBrowser,
  isNode,
  resetEnvironmentCache,
  setEnv,
} from './environment';

const KEYS = ['KITH_T_ENV_A', 'KITH_T_ENV_B', 'KITH_T_ENV_C', 'KITH_T_ENV_D'];

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  getEnvironment().clearCache();
  setAllowedEnvVars(null);
});

describe('Environment (elizaOS 1.7)', () => {
  it('knows it runs on Node', () => {
    resetEnvironmentCache();
    expect(detectEnvironment()).toBe('node');
    expect(currentRuntime).toBe('node');
    expect(isNode).toBe(true);
    expect(isBrowser).toBe(false);
    const env = new Environment();
    expect([env.getRuntime(), env.isNode(), env.isBrowser()]).toEqual(['node', true, false]);
  });

  it('reads, writes and converts variables', () => {
    expect(getEnv('KITH_T_ENV_A', 'fallback')).toBe('fallback');
    expect(hasEnv('KITH_T_ENV_A')).toBe(false);
    setEnv('KITH_T_ENV_A', 42);
    expect(process.env.KITH_T_ENV_A).toBe('42');
    expect(getNumberEnv('KITH_T_ENV_A')).toBe(42);
    setEnv('KITH_T_ENV_B', 'Yes');
    expect(getBooleanEnv('KITH_T_ENV_B')).toBe(true);
    setEnv('KITH_T_ENV_B', 'nope');
    expect(getBooleanEnv('KITH_T_ENV_B', true)).toBe(false);
    expect(getBooleanEnv('KITH_T_ENV_C', true)).toBe(true);
    setEnv('KITH_T_ENV_C', 'abc');
    expect(getNumberEnv('KITH_T_ENV_C', 7)).toBe(7);
    expect(getEnvironment().getAll().KITH_T_ENV_A).toBe('42');
  });

  it('caches reads per key until set or clearCache, as elizaOS does', () => {
    const env = new Environment();
    expect(env.get('KITH_T_ENV_D')).toBeUndefined();
    process.env.KITH_T_ENV_D = 'late';
    expect(env.get('KITH_T_ENV_D')).toBeUndefined();
    env.clearCache();
    expect(env.get('KITH_T_ENV_D')).toBe('late');
  });

  it('ignores initBrowserEnvironment on Node', () => {
    initBrowserEnvironment({ KITH_T_ENV_A: 'x' });
    expect(process.env.KITH_T_ENV_A).toBeUndefined();
  });

  it('keeps the allowed variable list', () => {
    expect(getAllowedEnvVars()).toBeNull();
    setAllowedEnvVars(new Set(['A']));
    expect([...(getAllowedEnvVars() ?? [])]).toEqual(['A']);
  });
});

describe('.env files (elizaOS 1.7)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function tree(): { top: string; inner: string } {
    root = mkdtempSync(join(tmpdir(), 'kith-env-'));
    const top = join(root, 'project');
    const inner = join(top, 'packages', 'agent');
    mkdirSync(inner, { recursive: true });
    writeFileSync(join(top, '.env'), 'KITH_T_ENV_A=top\nKITH_T_ENV_B="from top" # note\n');
    writeFileSync(join(inner, '.env'), 'export KITH_T_ENV_A=inner\n');
    return { top, inner };
  }

  it('finds the closest file and every file up to a boundary', () => {
    const { top, inner } = tree();
    expect(findEnvFile(join(inner))).toBe(join(inner, '.env'));
    expect(findEnvFile(join(top, 'packages'))).toBe(join(top, '.env'));
    expect(findEnvFile(inner, ['.env.nowhere-kith'])).toBeNull();
    expect(findAllEnvFiles(inner, top)).toEqual([join(inner, '.env'), join(top, '.env')]);
  });

  it('loads without overriding unless asked', () => {
    const { top } = tree();
    process.env.KITH_T_ENV_A = 'preset';
    expect(loadEnvFile(join(top, '.env'))).toBe(true);
    expect(process.env.KITH_T_ENV_A).toBe('preset');
    expect(process.env.KITH_T_ENV_B).toBe('from top');
    expect(loadEnvFile(join(top, '.env'), { override: true })).toBe(true);
    expect(process.env.KITH_T_ENV_A).toBe('top');
    expect(loadEnvFile(join(top, 'missing.env'))).toBe(false);
  });

  it('lets the closest file win when loading with precedence', () => {
    const { top, inner } = tree();
    process.env.KITH_T_ENV_C = 'stale';
    const files = loadEnvFilesWithPrecedence(inner, {
      boundaryDir: top,
      clearBeforeLoad: true,
      varsToClear: ['KITH_T_ENV_C'],
    });
    expect(files).toEqual([join(inner, '.env'), join(top, '.env')]);
    expect(process.env.KITH_T_ENV_A).toBe('inner');
    expect(process.env.KITH_T_ENV_B).toBe('from top');
    expect(process.env.KITH_T_ENV_C).toBeUndefined();
  });
});
