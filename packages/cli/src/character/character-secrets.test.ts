import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { characterSettingsSource, chooseModelPlugin, OPENAI_MODEL_PLUGIN } from '../plugins/choose-model-plugin';
import { applyEnvironmentSecrets, characterEnvPrefix } from './character-secrets';
import { loadCharacter } from './load-character';

describe('secrets from the environment as <CHARACTER_NAME>_<KEY>', () => {
  it('derives the prefix from the name: capitals, accents dropped, other runs as one underscore', () => {
    expect(characterEnvPrefix('Eliza')).toBe('ELIZA_');
    expect(characterEnvPrefix('Dr. Smith')).toBe('DR_SMITH_');
    expect(characterEnvPrefix('support-bot 2')).toBe('SUPPORT_BOT_2_');
    expect(characterEnvPrefix('Élise')).toBe('ELISE_');
    expect(characterEnvPrefix('🤖')).toBe('');
  });

  it("adds the prefixed variables to the character's secrets, over the file's own, without touching the input", () => {
    const character = { name: 'Eliza', secrets: { OPENAI_API_KEY: 'sk-file', KEEP: 'file' } };
    const env = {
      ELIZA_OPENAI_API_KEY: 'sk-env',
      ELIZA_DISCORD_TOKEN: 'tok',
      ELIZA_EMPTY: '',
      ELIZABETH_KEY: 'no',
      OPENAI_API_KEY: 'plain',
      ELIZA_: 'no key',
    };
    const result = applyEnvironmentSecrets(character, env);
    expect(result.secrets).toEqual({ OPENAI_API_KEY: 'sk-env', KEEP: 'file', DISCORD_TOKEN: 'tok' });
    expect(character.secrets).toEqual({ OPENAI_API_KEY: 'sk-file', KEEP: 'file' });
    expect(applyEnvironmentSecrets(character, {})).toBe(character);
  });

  it('keeps two agents apart: each reads only its own prefix', () => {
    const env = { ELIZA_OPENAI_API_KEY: 'sk-eliza', BOB_OPENAI_API_KEY: 'sk-bob' };
    expect(
      applyEnvironmentSecrets<{ name: string; secrets?: Record<string, string> }>({ name: 'Eliza' }, env).secrets,
    ).toEqual({ OPENAI_API_KEY: 'sk-eliza' });
    expect(
      applyEnvironmentSecrets<{ name: string; secrets?: Record<string, string> }>({ name: 'Bob' }, env).secrets,
    ).toEqual({ OPENAI_API_KEY: 'sk-bob' });
  });

  it('is applied by loadCharacter, so ELIZA_OPENAI_API_KEY switches Eliza to plugin-openai', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-secrets-'));
    try {
      const file = join(dir, 'eliza.json');
      writeFileSync(file, JSON.stringify({ name: 'Eliza', plugins: [] }));
      const character = loadCharacter(file, { env: { ELIZA_OPENAI_API_KEY: 'sk-eliza' } });
      expect(character.secrets).toEqual({ OPENAI_API_KEY: 'sk-eliza' });
      expect(chooseModelPlugin(characterSettingsSource(character))).toBe(OPENAI_MODEL_PLUGIN);
      expect(loadCharacter(file, { env: {} }).secrets).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
