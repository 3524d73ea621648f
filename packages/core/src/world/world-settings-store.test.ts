import { createTestRuntime } from '../testing/create-test-runtime';
import { createUniqueUuid } from '../uuid/uuid';
import { getWorldSettings, initializeOnboarding, updateWorldSettings } from './index';

describe("a world's settings (elizaOS's onboarding helpers)", () => {
  it('starts onboarding from a declaration, stores secrets encrypted and reads them back', async () => {
    const runtime = await createTestRuntime();
    try {
      const worldId = createUniqueUuid(runtime, 'guild-1');
      await runtime.ensureWorldExists({ id: worldId, agentId: runtime.agentId, serverId: 'guild-1', name: 'Guild' });
      const world = await runtime.getWorld(worldId);
      const settings = await initializeOnboarding(runtime, world!, {
        settings: { API_KEY: { name: 'API key', description: 'the key', required: true, secret: true } },
      });
      expect(settings?.API_KEY).toMatchObject({ value: null, required: true, secret: true, dependsOn: [] });
      expect(
        await updateWorldSettings(runtime, 'guild-1', { API_KEY: { ...settings!.API_KEY, value: 'sk-123' } }),
      ).toBe(true);
      const stored = (await runtime.getWorld(worldId))?.metadata?.settings as Record<string, { value: string }>;
      expect(stored.API_KEY.value).not.toBe('sk-123');
      expect((await getWorldSettings(runtime, 'guild-1'))?.API_KEY.value).toBe('sk-123');
      expect(await getWorldSettings(runtime, 'no-such-guild')).toBeNull();
      expect(await updateWorldSettings(runtime, 'no-such-guild', {})).toBe(false);
    } finally {
      await runtime.stop();
    }
  });
});
