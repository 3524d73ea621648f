import { normalizePluginName } from './normalize-plugin-name';
import { PluginAutoInstallUnsupportedError } from '../../../errors/plugin-auto-install-unsupported-error';
import { tryInstallPlugin } from './try-install-plugin';
import { isValidPluginShape, validatePlugin } from './validate-plugin';
import { KithError } from '../../../errors/kith-error';

describe('isValidPluginShape', () => {
  it('needs a name and at least one part or a description', () => {
    expect(isValidPluginShape({ name: 'a', description: 'd' })).toBe(true);
    expect(isValidPluginShape({ name: 'a', actions: [] })).toBe(true);
    expect(isValidPluginShape({ name: 'a' })).toBe(false);
    expect(isValidPluginShape({ description: 'd' })).toBe(false);
    expect(isValidPluginShape(null)).toBe(false);
    expect(isValidPluginShape('plugin')).toBe(false);
  });
});

describe('validatePlugin', () => {
  it('lists every problem', () => {
    expect(validatePlugin(undefined)).toEqual({ isValid: false, errors: ['Plugin is null or undefined'] });
    expect(validatePlugin({ name: 'ok', actions: [{}], services: [class {}], providers: [], evaluators: [] })).toEqual({
      isValid: true,
      errors: [],
    });
    expect(validatePlugin({ actions: [null], services: 'x', providers: {}, evaluators: 1 })).toEqual({
      isValid: false,
      errors: [
        'Plugin must have a name',
        'Plugin actions must be an array of action objects',
        'Plugin services must be an array',
        'Plugin providers must be an array',
        'Plugin evaluators must be an array',
      ],
    });
    expect(validatePlugin({ name: 'n', actions: {}, services: [1] }).errors).toEqual([
      'Plugin actions must be an array',
      'Plugin services must be an array of service classes or objects',
    ]);
  });
});

describe('normalizePluginName', () => {
  it('shortens scoped plugin package names only', () => {
    expect(normalizePluginName('@elizaos/plugin-sql')).toBe('sql');
    expect(normalizePluginName('@acme/plugin-foo-bar')).toBe('foo-bar');
    expect(normalizePluginName('@elizaos/core')).toBe('@elizaos/core');
    expect(normalizePluginName('plugin-sql')).toBe('plugin-sql');
  });
});

describe('tryInstallPlugin', () => {
  it('always rejects with a KithError saying to run kith add', async () => {
    const attempt = tryInstallPlugin('@elizaos/plugin-twitter');
    await expect(attempt).rejects.toThrow(
      'tryInstallPlugin("@elizaos/plugin-twitter"): Kith does not install plugins while an agent runs. Install it first with: kith add @elizaos/plugin-twitter',
    );
    const error = await attempt.catch((e: unknown) => e);
    expect(PluginAutoInstallUnsupportedError.isInstance(error)).toBe(true);
    expect(KithError.hasCode(error, 'KITH_PLUGIN_AUTO_INSTALL_UNSUPPORTED')).toBe(true);
    expect(error).toMatchObject({ name: 'PluginAutoInstallUnsupportedError', pluginName: '@elizaos/plugin-twitter' });
  });
});
