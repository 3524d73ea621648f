import { decryptStringValue } from './encrypt-string-value';
import { saltWorldSettings, unsaltWorldSettings } from './salt-world-settings';

describe('saltWorldSettings / unsaltWorldSettings', () => {
  const settings = {
    API_KEY: { name: 'API key', value: 'sk-123', secret: true, required: true },
    GREETING: { name: 'Greeting', value: 'hello', secret: false },
    EMPTY_SECRET: { name: 'Empty', value: '', secret: true },
    FLAG: { name: 'Flag', value: true, secret: true },
    NULL_VALUE: { name: 'Null', value: null, secret: true },
  };

  it('encrypts only string values marked secret, without mutating the input', () => {
    const salted = saltWorldSettings(settings, 'salt');
    expect(salted.API_KEY.value).not.toBe('sk-123');
    expect(salted.API_KEY.value).toMatch(/^[0-9a-f]{32}:/);
    expect(salted.API_KEY).toMatchObject({ name: 'API key', secret: true, required: true });
    expect(salted.GREETING).toEqual(settings.GREETING);
    expect(salted.EMPTY_SECRET).toEqual(settings.EMPTY_SECRET);
    expect(salted.FLAG).toEqual(settings.FLAG);
    expect(salted.NULL_VALUE).toEqual(settings.NULL_VALUE);
    expect(settings.API_KEY.value).toBe('sk-123');
  });

  it('unsalts back to the original', () => {
    expect(unsaltWorldSettings(saltWorldSettings(settings, 'salt'), 'salt')).toEqual(settings);
  });

  it('defaults the salt to getSalt()', () => {
    const saved = process.env.SECRET_SALT;
    process.env.SECRET_SALT = 'env-salt';
    try {
      const salted = saltWorldSettings(settings);
      expect(decryptStringValue(salted.API_KEY.value, 'env-salt')).toBe('sk-123');
      expect(unsaltWorldSettings(salted)).toEqual(settings);
    } finally {
      if (saved === undefined) delete process.env.SECRET_SALT;
      else process.env.SECRET_SALT = saved;
    }
  });

  it('is idempotent when salting twice', () => {
    const twice = saltWorldSettings(saltWorldSettings(settings, 'salt'), 'salt');
    expect(unsaltWorldSettings(twice, 'salt')).toEqual(settings);
  });

  it('passes non-object entries through', () => {
    const odd = { a: null, b: 'x', c: 3 };
    expect(saltWorldSettings(odd, 'salt')).toEqual(odd);
  });
});
