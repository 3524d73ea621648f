import {
  ChannelType,
  findWorldsForOwner,
  unsaltWorldSettings,
  type IAgentRuntime,
  type Memory,
  type Setting,
  type World,
  type WorldSettings,
} from '@kith/core';
import { roomOf } from './turn-lookups';

/** A world the sender owns that has settings to configure, with its settings decrypted. */
export interface OnboardingWorld {
  world: World;
  settings: WorldSettings;
}

const lookups = new WeakMap<Memory, Promise<OnboardingWorld | null>>();

/**
 * Onboarding happens in a DM with the owner of a world (elizaOS): the world
 * whose metadata.ownership.ownerId is the sender and which has settings.
 * Null anywhere else. Read once per turn.
 */
export function onboardingWorld(runtime: IAgentRuntime, message: Memory): Promise<OnboardingWorld | null> {
  let lookup = lookups.get(message);
  if (!lookup) {
    lookup = find(runtime, message).catch(() => null);
    lookups.set(message, lookup);
  }
  return lookup;
}

async function find(runtime: IAgentRuntime, message: Memory): Promise<OnboardingWorld | null> {
  const type = message.content.channelType ?? (await roomOf(runtime, message))?.type;
  if (type !== ChannelType.DM) return null;
  const world = (await findWorldsForOwner(runtime, message.entityId))?.find(
    (w) => w.metadata?.settings && typeof w.metadata.settings === 'object',
  );
  if (!world) return null;
  return { world, settings: unsaltWorldSettings(world.metadata?.settings as WorldSettings) };
}

/** Settings that are required, visible and still without a value, in declaration order. */
export function missingRequired(settings: WorldSettings): [string, Setting][] {
  return Object.entries(settings).filter(
    ([, s]) =>
      isSetting(s) &&
      s.required &&
      (s.value === null || s.value === undefined || s.value === '') &&
      visible(s, settings),
  );
}

export function isSetting(value: unknown): value is Setting {
  return typeof value === 'object' && value !== null && typeof (value as Setting).name === 'string';
}

export function visible(setting: Setting, settings: WorldSettings): boolean {
  return typeof setting.visibleIf !== 'function' || setting.visibleIf(settings);
}

/** Forgets the per-turn lookup after the settings changed. */
export function forgetOnboardingWorld(message: Memory): void {
  lookups.delete(message);
}
