import { z } from 'zod';
import { ConfigValidationError, ErrorCode, KithError } from '../errors';
import { loadPluginConfig, loadPluginConfigOrThrow } from './load-plugin-config';
import { settingsStub, withEnv } from '../testing/fixtures/settings-stub';

const schema = z.object({
  KITH_P_API_KEY: z.string().min(1),
  KITH_P_MAX: z.coerce.number().int().default(10),
  KITH_P_VERBOSE: z
    .union([z.boolean(), z.string()])
    .transform((value) => value === true || value === 'true')
    .default(false),
});

describe('loadPluginConfig', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('validates values from the runtime and applies defaults', () => {
    restore = withEnv({ KITH_P_API_KEY: undefined, KITH_P_MAX: undefined, KITH_P_VERBOSE: undefined });
    const result = loadPluginConfig(settingsStub({ KITH_P_API_KEY: 'sk-1', KITH_P_VERBOSE: true }), schema);
    expect(result).toEqual({ success: true, config: { KITH_P_API_KEY: 'sk-1', KITH_P_MAX: 10, KITH_P_VERBOSE: true } });
    if (result.success) {
      // The config is typed from the schema.
      const max: number = result.config.KITH_P_MAX;
      expect(max).toBe(10);
    }
  });

  it('falls back to env and lets the runtime take precedence', () => {
    restore = withEnv({ KITH_P_API_KEY: 'env-key', KITH_P_MAX: '3', KITH_P_VERBOSE: undefined });
    const fromEnv = loadPluginConfig(settingsStub({}), schema);
    expect(fromEnv.success && fromEnv.config).toEqual({
      KITH_P_API_KEY: 'env-key',
      KITH_P_MAX: 3,
      KITH_P_VERBOSE: false,
    });
    const overridden = loadPluginConfig(settingsStub({ KITH_P_MAX: '8' }), schema);
    expect(overridden.success && overridden.config.KITH_P_MAX).toBe(8);
  });

  it('reports each bad key without throwing', () => {
    restore = withEnv({ KITH_P_API_KEY: undefined, KITH_P_MAX: 'lots' });
    const result = loadPluginConfig(settingsStub({}), schema);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors).toHaveLength(2);
      expect(result.errors[0]).toMatch(/^KITH_P_API_KEY: missing/);
      expect(result.errors[1]).toMatch(/^KITH_P_MAX: /);
    }
  });

  it('reads only the given keys when keys are passed', () => {
    restore = withEnv({ KITH_P_API_KEY: 'env-key' });
    const runtime = settingsStub({});
    const result = loadPluginConfig(runtime, z.object({ KITH_P_API_KEY: z.string().optional() }).passthrough(), [
      'KITH_P_API_KEY',
    ]);
    expect(runtime.calls).toEqual(['KITH_P_API_KEY']);
    expect(result.success && result.config).toEqual({ KITH_P_API_KEY: 'env-key' });
  });

  it('works with a non-object schema when keys are given', () => {
    const refined = z
      .record(z.string(), z.unknown())
      .refine((value) => 'KITH_P_A' in value || 'KITH_P_B' in value, 'set KITH_P_A or KITH_P_B');
    restore = withEnv({ KITH_P_A: undefined, KITH_P_B: undefined });
    const result = loadPluginConfig(settingsStub({}), refined, ['KITH_P_A', 'KITH_P_B']);
    expect(result).toEqual({ success: false, errors: ['(config): set KITH_P_A or KITH_P_B'] });
  });

  it('turns a throwing schema into an error result', () => {
    const throwing = {
      safeParse(): never {
        throw new Error('transform exploded');
      },
    };
    expect(loadPluginConfig(settingsStub({}), throwing, [])).toEqual({
      success: false,
      errors: ['transform exploded'],
    });
  });

  it('works without a runtime', () => {
    restore = withEnv({ KITH_P_API_KEY: 'env-only', KITH_P_MAX: undefined, KITH_P_VERBOSE: 'true' });
    const result = loadPluginConfig(undefined, schema);
    expect(result.success && result.config).toEqual({
      KITH_P_API_KEY: 'env-only',
      KITH_P_MAX: 10,
      KITH_P_VERBOSE: true,
    });
  });
});

describe('loadPluginConfigOrThrow', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('returns the config when valid', () => {
    expect(loadPluginConfigOrThrow(settingsStub({ KITH_P_API_KEY: 'k' }), schema).KITH_P_API_KEY).toBe('k');
  });

  it('throws ConfigValidationError naming the scope and the keys', () => {
    restore = withEnv({ KITH_P_API_KEY: undefined, KITH_P_MAX: undefined });
    let caught: unknown;
    try {
      loadPluginConfigOrThrow(settingsStub({}), schema, undefined, 'plugin-openai');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigValidationError);
    expect(KithError.hasCode(caught, ErrorCode.CONFIG_INVALID)).toBe(true);
    const error = caught as ConfigValidationError;
    expect(error.scope).toBe('plugin-openai');
    expect(error.problems[0]).toMatch(/^KITH_P_API_KEY: missing/);
    expect(error.message).toMatch(/^Invalid configuration for plugin-openai:\n {2}- KITH_P_API_KEY/);
  });
});
