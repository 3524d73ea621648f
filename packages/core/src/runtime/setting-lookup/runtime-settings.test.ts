import { createTestRuntime, testCharacter } from '../../testing';
import type { Character } from '../../types/character';
import { RuntimeSettings } from './runtime-settings';

describe('getSetting', () => {
  const character = (overrides: Partial<Character>): Character => ({ ...testCharacter, ...overrides });

  it('prefers character.secrets, then character.settings, then settings.secrets, then runtime settings', async () => {
    const runtime = await createTestRuntime({
      character: character({
        secrets: { A: 'secrets' },
        settings: {
          A: 'settings',
          B: 'settings',
          secrets: { A: 'settings.secrets', B: 'settings.secrets', C: 'settings.secrets' },
        },
      }),
      settings: { A: 'runtime', B: 'runtime', C: 'runtime', D: 'runtime' },
    });
    expect(runtime.getSetting('A')).toBe('secrets');
    expect(runtime.getSetting('B')).toBe('settings');
    expect(runtime.getSetting('C')).toBe('settings.secrets');
    expect(runtime.getSetting('D')).toBe('runtime');
    expect(runtime.getSetting('MISSING')).toBeNull();
  });

  it('turns "true" and "false" into booleans and keeps other values', async () => {
    const runtime = await createTestRuntime({
      character: character({ settings: { ON: 'true', OFF: 'false', NUM: 3, TEXT: 'yes' } }),
      settings: { RUNTIME_ON: 'true' },
    });
    expect(runtime.getSetting('ON')).toBe(true);
    expect(runtime.getSetting('OFF')).toBe(false);
    expect(runtime.getSetting('RUNTIME_ON')).toBe(true);
    expect(runtime.getSetting('NUM')).toBe(3);
    expect(runtime.getSetting('TEXT')).toBe('yes');
  });

  it('setSetting stores runtime values that character values still override', async () => {
    const runtime = await createTestRuntime({ character: character({ settings: { FIXED: 'character' } }) });
    runtime.setSetting('NEW', 'value');
    runtime.setSetting('TOKEN', 'secret', true);
    runtime.setSetting('FIXED', 'runtime');
    runtime.setSetting('FLAG', 'false');
    expect(runtime.getSetting('NEW')).toBe('value');
    expect(runtime.getSetting('TOKEN')).toBe('secret');
    expect(runtime.getSetting('FIXED')).toBe('character');
    expect(runtime.getSetting('FLAG')).toBe(false);
  });

  it('reads the character live, so a replaced character takes effect', async () => {
    const runtime = await createTestRuntime({ character: character({ settings: { MODE: 'a' } }) });
    runtime.character = character({ settings: { MODE: 'b' } });
    expect(runtime.getSetting('MODE')).toBe('b');
  });

  it('getConversationLength reads CONVERSATION_LENGTH with a default of 20', async () => {
    expect((await createTestRuntime()).getConversationLength()).toBe(20);
    expect((await createTestRuntime({ settings: { CONVERSATION_LENGTH: '8' } })).getConversationLength()).toBe(8);
  });
});

describe('RuntimeSettings.number', () => {
  it('falls back for missing, empty, boolean and unparsable values', () => {
    const settings = new RuntimeSettings(() => testCharacter, { EMPTY: '', BOOL: true, BAD: 'x', GOOD: '42' });
    expect(settings.number('NOPE_NOT_SET_ANYWHERE', 7)).toBe(7);
    expect(settings.number('EMPTY', 7)).toBe(7);
    expect(settings.number('BOOL', 7)).toBe(7);
    expect(settings.number('BAD', 7)).toBe(7);
    expect(settings.number('GOOD', 7)).toBe(42);
  });
});
