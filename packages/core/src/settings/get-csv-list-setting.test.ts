import { getCsvListSetting } from './get-csv-list-setting';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

describe('getCsvListSetting', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('reads comma lists, JSON arrays and arrays from the runtime', () => {
    expect(getCsvListSetting(settingsStub({ L: 'a, b' }), 'L')).toEqual(['a', 'b']);
    expect(getCsvListSetting(settingsStub({ L: '["a","b"]' }), 'L')).toEqual(['a', 'b']);
    expect(getCsvListSetting(settingsStub({ L: ['a', 'b'] }), 'L')).toEqual(['a', 'b']);
  });

  it('falls back to the environment (the SHOULD_RESPOND_BYPASS_TYPES form)', () => {
    restore = withEnv({ KITH_L_TYPES: '["dm", "voice_dm", "api"]' });
    expect(getCsvListSetting(settingsStub({}), 'KITH_L_TYPES')).toEqual(['dm', 'voice_dm', 'api']);
  });

  it('gives a copy of the default when unset or empty', () => {
    restore = withEnv({ KITH_L_UNSET: undefined });
    const fallback = ['x'];
    const result = getCsvListSetting(settingsStub({ L: '[]' }), 'L', fallback);
    expect(result).toEqual(['x']);
    expect(result).not.toBe(fallback);
    expect(getCsvListSetting(settingsStub({}), 'KITH_L_UNSET')).toEqual([]);
  });
});
