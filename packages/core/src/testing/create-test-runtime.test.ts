import { AgentRuntime } from '../runtime/agent-runtime';
import { stringToUuid } from '../uuid/uuid';
import { createTestRuntime } from './create-test-runtime';
import { InMemoryDatabaseAdapter } from './in-memory-database-adapter';
import { testCharacter } from './test-character';

describe('createTestRuntime', () => {
  it('returns an initialised runtime on a fresh in-memory adapter with a silent logger', async () => {
    const runtime = await createTestRuntime();
    expect(runtime).toBeInstanceOf(AgentRuntime);
    expect(runtime.isInitialized).toBe(true);
    expect(runtime.adapter).toBeInstanceOf(InMemoryDatabaseAdapter);
    expect(runtime.character.name).toBe(testCharacter.name);
    expect(runtime.logger.level).toBe(process.env.LOG_LEVEL ?? 'silent');
    expect(await runtime.getAgent(stringToUuid(testCharacter.name))).not.toBeNull();
    const other = await createTestRuntime();
    expect(other.adapter).not.toBe(runtime.adapter);
  });

  it('uses the given character, plugins and settings without changing the character object', async () => {
    const character = { ...testCharacter, name: 'Other', settings: { MODE: 'x' } };
    const runtime = await createTestRuntime({
      character,
      plugins: [{ name: 'p', description: '' }],
      settings: { EXTRA: 'y' },
    });
    expect(runtime.agentId).toBe(stringToUuid('Other'));
    expect(runtime.plugins.map((p) => p.name)).toEqual(['p']);
    expect(runtime.getSetting('MODE')).toBe('x');
    expect(runtime.getSetting('EXTRA')).toBe('y');
    runtime.character.name = 'changed';
    expect(character.name).toBe('Other');
  });
});
