import { getSalt } from '../crypto/get-salt';
import { saltWorldSettings, unsaltWorldSettings } from '../crypto/salt-world-settings';
import type { IAgentRuntime } from '../types/runtime';
import type { World } from '../types/environment';
import type { OnboardingConfig, Setting, WorldSettings } from '../types/world-settings';
import { createUniqueUuid } from '../uuid/uuid';

/** A world setting as onboarding starts it: the plugin's declaration, no value yet. */
export function createSettingFromConfig(config: Omit<Setting, 'value'>): Setting {
  return {
    name: config.name,
    description: config.description,
    usageDescription: config.usageDescription ?? '',
    value: null,
    required: config.required,
    public: config.public ?? false,
    secret: config.secret ?? false,
    dependsOn: config.dependsOn ?? [],
    ...(config.validation ? { validation: config.validation } : {}),
    ...(config.onSetAction ? { onSetAction: config.onSetAction } : {}),
    ...(config.visibleIf ? { visibleIf: config.visibleIf } : {}),
  };
}

/** The settings of the world of `serverId` (a platform's server), secrets decrypted; null without any. */
export async function getWorldSettings(runtime: IAgentRuntime, serverId: string): Promise<WorldSettings | null> {
  const world = await runtime.getWorld(createUniqueUuid(runtime, serverId));
  const settings = world?.metadata?.settings;
  if (!settings || typeof settings !== 'object') return null;
  return unsaltWorldSettings(settings as WorldSettings, getSalt());
}

/** Stores the world's settings, secrets encrypted; false when the world does not exist. */
export async function updateWorldSettings(
  runtime: IAgentRuntime,
  serverId: string,
  worldSettings: WorldSettings,
): Promise<boolean> {
  const world = await runtime.getWorld(createUniqueUuid(runtime, serverId));
  if (!world) {
    runtime.logger.warn({ serverId }, 'updateWorldSettings: no world for this server; nothing stored');
    return false;
  }
  world.metadata = { ...world.metadata, settings: saltWorldSettings(worldSettings, getSalt()) };
  await runtime.updateWorld(world);
  return true;
}

/**
 * The world's onboarding settings: the stored ones (decrypted) if onboarding
 * began before, else new ones from the plugin's declaration, stored now.
 */
export async function initializeOnboarding(
  runtime: IAgentRuntime,
  world: World,
  config: OnboardingConfig,
): Promise<WorldSettings | null> {
  const stored = world.metadata?.settings;
  if (stored && typeof stored === 'object') return unsaltWorldSettings(stored as WorldSettings, getSalt());
  const settings: WorldSettings = {};
  for (const [key, setting] of Object.entries(config.settings ?? {})) settings[key] = createSettingFromConfig(setting);
  world.metadata = { ...world.metadata, settings };
  await runtime.updateWorld(world);
  return settings;
}
