import { getBooleanSetting } from './get-boolean-setting';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

describe('getBooleanSetting', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each(['true', 'TRUE', ' yes ', '1', 'on', 'enabled', 'Y'])('reads %p as true', (value) => {
    expect(getBooleanSetting(settingsStub({ FLAG: value }), 'FLAG')).toBe(true);
  });

  it.each(['false', 'No', '0', 'off', 'disabled', 'n'])('reads %p as false even with a true default', (value) => {
    expect(getBooleanSetting(settingsStub({ FLAG: value }), 'FLAG', true)).toBe(false);
  });

  it('passes booleans through (the runtime turns "true" into true)', () => {
    expect(getBooleanSetting(settingsStub({ FLAG: true }), 'FLAG')).toBe(true);
    expect(getBooleanSetting(settingsStub({ FLAG: false }), 'FLAG', true)).toBe(false);
  });

  it('reads 1 and 0 numbers; other numbers give the default', () => {
    expect(getBooleanSetting(settingsStub({ FLAG: 1 }), 'FLAG')).toBe(true);
    expect(getBooleanSetting(settingsStub({ FLAG: 0 }), 'FLAG', true)).toBe(false);
    expect(getBooleanSetting(settingsStub({ FLAG: 7 }), 'FLAG', true)).toBe(true);
  });

  it('gives the default for unset or unrecognised values', () => {
    restore = withEnv({ KITH_B_UNSET: undefined });
    expect(getBooleanSetting(settingsStub({}), 'KITH_B_UNSET')).toBe(false);
    expect(getBooleanSetting(settingsStub({}), 'KITH_B_UNSET', true)).toBe(true);
    expect(getBooleanSetting(settingsStub({ FLAG: 'ture' }), 'FLAG', true)).toBe(true);
    expect(getBooleanSetting(settingsStub({ FLAG: { on: true } }), 'FLAG', false)).toBe(false);
  });

  it('falls back to the environment', () => {
    restore = withEnv({ KITH_B_ENV: 'on' });
    expect(getBooleanSetting(settingsStub({}), 'KITH_B_ENV')).toBe(true);
  });

  it('lets the runtime override the environment', () => {
    restore = withEnv({ KITH_B_ENV: 'true' });
    expect(getBooleanSetting(settingsStub({ KITH_B_ENV: 'false' }), 'KITH_B_ENV')).toBe(false);
  });
});
