import { collectSettings } from './collect-settings';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

describe('collectSettings', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('collects each key with runtime-first precedence and env fallback', () => {
    restore = withEnv({ KITH_C_A: 'env-a', KITH_C_B: 'env-b' });
    const raw = collectSettings(settingsStub({ KITH_C_A: 'rt-a', KITH_C_C: 3 }), ['KITH_C_A', 'KITH_C_B', 'KITH_C_C']);
    expect(raw).toEqual({ KITH_C_A: 'rt-a', KITH_C_B: 'env-b', KITH_C_C: 3 });
  });

  it('leaves unset keys out so schema defaults apply', () => {
    restore = withEnv({ KITH_C_NONE: undefined });
    const raw = collectSettings(settingsStub({}), ['KITH_C_NONE']);
    expect(raw).toEqual({});
    expect('KITH_C_NONE' in raw).toBe(false);
  });

  it('returns an empty object for no keys', () => {
    expect(collectSettings(settingsStub({ X: 1 }), [])).toEqual({});
  });
});
