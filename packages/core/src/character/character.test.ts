import {
  buildCharacterPlugins,
  hasCharacterSecrets,
  isValidCharacter,
  mergeCharacterDefaults,
  parseAndValidateCharacter,
  parseCharacter,
  setDefaultSecretsFromEnv,
  validateCharacter,
  validateCharacterConfig,
} from './index';

describe("elizaOS's character helpers over Kith's character file format", () => {
  it('validates without throwing, naming the field', () => {
    expect(validateCharacter({ name: 'Ada', bio: 'x' })).toMatchObject({ success: true, data: { name: 'Ada' } });
    const bad = validateCharacter({ bio: 'x', plugins: [''] });
    expect(bad.success).toBe(false);
    expect(bad.error?.message).toMatch(/^Character validation failed: name: is required/);
    expect(bad.error?.message).toContain('plugins.0: a plugin entry must be a package name');
    expect(parseAndValidateCharacter('{"name":')).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(/^Invalid JSON/) },
    });
    expect(isValidCharacter({ name: 'Ada' })).toBe(true);
    expect(validateCharacterConfig({ name: '' } as never)).toEqual({
      isValid: false,
      errors: ['name: must not be empty'],
    });
  });

  it('parses an object, and refuses a path with the Kith way to read files', () => {
    expect(parseCharacter({ name: 'Ada' }).name).toBe('Ada');
    expect(() => parseCharacter('./ada.json')).toThrow(/kith start -c FILE/);
    expect(() => parseCharacter({})).toThrow(expect.objectContaining({ code: 'KITH_CHARACTER_INVALID' }));
  });

  it('fills defaults, lists plugins from the environment, reads and merges secrets', async () => {
    expect(mergeCharacterDefaults({ bio: ['b'] })).toEqual({
      settings: {},
      plugins: [],
      bio: ['b'],
      name: 'Unnamed Character',
    });
    expect(buildCharacterPlugins({})).toEqual([
      '@elizaos/plugin-sql',
      '@elizaos/plugin-bootstrap',
      '@elizaos/plugin-ollama',
    ]);
    expect(buildCharacterPlugins({ OPENAI_API_KEY: 'sk', TELEGRAM_BOT_TOKEN: 't', IGNORE_BOOTSTRAP: 'yes' })).toEqual([
      '@elizaos/plugin-sql',
      '@elizaos/plugin-openai',
      '@elizaos/plugin-telegram',
    ]);
    const character = {
      name: 'Ada',
      bio: [],
      settings: { secrets: { OWN: 'mine', KITH_TEST_SECRET: 'character wins' } },
    };
    expect(hasCharacterSecrets(character)).toBe(true);
    expect(hasCharacterSecrets({ name: 'B', bio: [] })).toBe(false);
    process.env.KITH_TEST_SECRET = 'from env';
    process.env.KITH_TEST_OTHER = 'other';
    try {
      expect(
        await setDefaultSecretsFromEnv(character, { allowed: new Set(['KITH_TEST_SECRET', 'KITH_TEST_OTHER']) }),
      ).toBe(true);
      expect(character.settings.secrets).toEqual({
        OWN: 'mine',
        KITH_TEST_SECRET: 'character wins',
        KITH_TEST_OTHER: 'other',
      });
      expect(await setDefaultSecretsFromEnv(character, { skipEnvMerge: true })).toBe(false);
    } finally {
      delete process.env.KITH_TEST_SECRET;
      delete process.env.KITH_TEST_OTHER;
    }
  });
});
