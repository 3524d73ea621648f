import { logger } from '../logger/logger';
import { getSalt } from './get-salt';

describe('getSalt', () => {
  const saved = process.env.SECRET_SALT;
  afterEach(() => {
    if (saved === undefined) delete process.env.SECRET_SALT;
    else process.env.SECRET_SALT = saved;
  });

  it('reads SECRET_SALT at call time, with the elizaOS default', () => {
    delete process.env.SECRET_SALT;
    expect(getSalt()).toBe('secretsalt');
    process.env.SECRET_SALT = 'pepper';
    expect(getSalt()).toBe('pepper');
  });

  it('warns once in production when the default salt is used', () => {
    const savedEnv = process.env.NODE_ENV;
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      delete process.env.SECRET_SALT;
      process.env.NODE_ENV = 'production';
      getSalt();
      getSalt();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('SECRET_SALT');
    } finally {
      warn.mockRestore();
      process.env.NODE_ENV = savedEnv;
    }
  });
});
