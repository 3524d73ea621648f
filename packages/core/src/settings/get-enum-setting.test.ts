import { getEnumSetting } from './get-enum-setting';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

const MODES = ['actions', 'simple', 'none'] as const;

describe('getEnumSetting', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('returns an allowed value in its canonical spelling', () => {
    expect(getEnumSetting(settingsStub({ MODE: ' SIMPLE ' }), 'MODE', MODES, 'actions')).toBe('simple');
  });

  it('gives the default for values outside the set and for non-strings', () => {
    expect(getEnumSetting(settingsStub({ MODE: 'fast' }), 'MODE', MODES, 'actions')).toBe('actions');
    expect(getEnumSetting(settingsStub({ MODE: true }), 'MODE', MODES, 'none')).toBe('none');
  });

  it('reads the environment when the runtime has nothing', () => {
    restore = withEnv({ KITH_E_MODE: 'none' });
    expect(getEnumSetting(settingsStub({}), 'KITH_E_MODE', MODES, 'actions')).toBe('none');
  });
});
