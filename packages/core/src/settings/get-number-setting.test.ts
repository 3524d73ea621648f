import { getNumberSetting } from './get-number-setting';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

describe('getNumberSetting', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('parses numeric strings and passes numbers through', () => {
    expect(getNumberSetting(settingsStub({ N: '42' }), 'N', 1)).toBe(42);
    expect(getNumberSetting(settingsStub({ N: ' 2.5 ' }), 'N', 1)).toBe(2.5);
    expect(getNumberSetting(settingsStub({ N: 7 }), 'N', 1)).toBe(7);
    expect(getNumberSetting(settingsStub({ N: '-3' }), 'N', 1)).toBe(-3);
    expect(getNumberSetting(settingsStub({ N: '1e3' }), 'N', 1)).toBe(1000);
  });

  it.each(['abc', 'NaN', '12abc', '   ', 'Infinity'])('gives the default for %p', (value) => {
    expect(getNumberSetting(settingsStub({ N: value }), 'N', 9)).toBe(9);
  });

  it('gives the default for NaN, booleans and unset values', () => {
    restore = withEnv({ KITH_N_UNSET: undefined });
    expect(getNumberSetting(settingsStub({ N: Number.NaN }), 'N', 9)).toBe(9);
    expect(getNumberSetting(settingsStub({ N: true }), 'N', 9)).toBe(9);
    expect(getNumberSetting(settingsStub({}), 'KITH_N_UNSET', 9)).toBe(9);
  });

  it('clamps to min and max', () => {
    expect(getNumberSetting(settingsStub({ N: '0' }), 'N', 5, { min: 1, max: 10 })).toBe(1);
    expect(getNumberSetting(settingsStub({ N: '500' }), 'N', 5, { min: 1, max: 10 })).toBe(10);
    expect(getNumberSetting(settingsStub({ N: '4' }), 'N', 5, { min: 1, max: 10 })).toBe(4);
  });

  it('truncates to an integer when asked', () => {
    expect(getNumberSetting(settingsStub({ N: '3.9' }), 'N', 5, { integer: true })).toBe(3);
  });

  it('reads the environment and lets the runtime win', () => {
    restore = withEnv({ KITH_N_ENV: '12' });
    expect(getNumberSetting(settingsStub({}), 'KITH_N_ENV', 0)).toBe(12);
    expect(getNumberSetting(settingsStub({ KITH_N_ENV: 3 }), 'KITH_N_ENV', 0)).toBe(3);
  });
});
