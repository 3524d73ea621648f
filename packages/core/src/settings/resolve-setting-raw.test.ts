import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';
import { resolveSettingRaw } from './resolve-setting-raw';

describe('resolveSettingRaw', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('prefers the runtime over the environment', () => {
    restore = withEnv({ KITH_T_KEY: 'from-env' });
    expect(resolveSettingRaw(settingsStub({ KITH_T_KEY: 'from-runtime' }), 'KITH_T_KEY')).toBe('from-runtime');
  });

  it('falls back to process.env when the runtime has nothing', () => {
    restore = withEnv({ KITH_T_KEY: 'from-env' });
    const runtime = settingsStub({});
    expect(resolveSettingRaw(runtime, 'KITH_T_KEY')).toBe('from-env');
    expect(runtime.calls).toEqual(['KITH_T_KEY']);
  });

  it('treats null, undefined and empty strings from the runtime as unset', () => {
    restore = withEnv({ KITH_T_A: 'a', KITH_T_B: 'b', KITH_T_C: 'c' });
    const runtime = settingsStub({ KITH_T_A: null, KITH_T_B: undefined, KITH_T_C: '' });
    expect(resolveSettingRaw(runtime, 'KITH_T_A')).toBe('a');
    expect(resolveSettingRaw(runtime, 'KITH_T_B')).toBe('b');
    expect(resolveSettingRaw(runtime, 'KITH_T_C')).toBe('c');
  });

  it('keeps false and 0 from the runtime (they are values, not absence)', () => {
    restore = withEnv({ KITH_T_FLAG: 'true', KITH_T_N: '5' });
    const runtime = settingsStub({ KITH_T_FLAG: false, KITH_T_N: 0 });
    expect(resolveSettingRaw(runtime, 'KITH_T_FLAG')).toBe(false);
    expect(resolveSettingRaw(runtime, 'KITH_T_N')).toBe(0);
  });

  it('returns undefined when nothing is set, including an empty env var', () => {
    restore = withEnv({ KITH_T_EMPTY: '', KITH_T_MISSING: undefined });
    expect(resolveSettingRaw(settingsStub({}), 'KITH_T_EMPTY')).toBeUndefined();
    expect(resolveSettingRaw(settingsStub({}), 'KITH_T_MISSING')).toBeUndefined();
  });

  it('works without a runtime', () => {
    restore = withEnv({ KITH_T_KEY: 'env-only' });
    expect(resolveSettingRaw(undefined, 'KITH_T_KEY')).toBe('env-only');
    expect(resolveSettingRaw(null, 'KITH_T_KEY')).toBe('env-only');
  });

  it('reads the environment at call time', () => {
    const runtime = settingsStub({});
    restore = withEnv({ KITH_T_LATE: undefined });
    expect(resolveSettingRaw(runtime, 'KITH_T_LATE')).toBeUndefined();
    process.env.KITH_T_LATE = 'now';
    expect(resolveSettingRaw(runtime, 'KITH_T_LATE')).toBe('now');
    delete process.env.KITH_T_LATE;
  });
});
