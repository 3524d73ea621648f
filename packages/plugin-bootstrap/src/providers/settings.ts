import {
  ChannelType,
  unsaltWorldSettings,
  type IAgentRuntime,
  type Memory,
  type Provider,
  type Setting,
  type WorldSettings,
} from '@kith/core';
import { isSetting, missingRequired, onboardingWorld, visible } from '../helpers/onboarding-world';
import { channelTypeOf, worldOf } from '../helpers/turn-lookups';

function shownValue(setting: Setting, onboarding: boolean): string {
  if (setting.value === null || setting.value === undefined || setting.value === '') return 'not set';
  if (setting.secret && !onboarding) return '****';
  return String(setting.value);
}

function entries(settings: WorldSettings): [string, Setting][] {
  return Object.entries(settings).filter(([, s]) => isSetting(s) && visible(s, settings));
}

/** The onboarding brief: what is set, what is still needed, and how to save it. */
export function onboardingText(agentName: string, settings: WorldSettings): string {
  const missing = missingRequired(settings).length;
  const list = entries(settings)
    .map(
      ([key, s]) =>
        `- ${key} (${s.required ? 'required' : 'optional'}): ${shownValue(s, true)}. ${s.usageDescription ?? s.description}`,
    )
    .join('\n');
  const header =
    missing > 0
      ? `# Onboarding: ${missing} required setting(s) still needed`
      : '# Settings (all required settings are configured)';
  return [
    header,
    list,
    `${agentName} asks for one missing setting at a time. When the user gives a value for a listed key, use UPDATE_SETTINGS: <params><UPDATE_SETTINGS><updates><update><key>KEY</key><value>VALUE</value></update></updates></UPDATE_SETTINGS></params>. Never invent keys or values.`,
  ].join('\n');
}

function configurationText(settings: WorldSettings): string {
  const shown = entries(settings).filter(([, s]) => s.public !== false);
  if (shown.length === 0) return '';
  const missing = missingRequired(settings).length;
  const lines = shown.map(([, s]) => `- ${s.name}: ${shownValue(s, false)}`);
  return [
    `# Configuration${missing > 0 ? ` (${missing} required setting(s) not configured yet; the owner should DM the agent)` : ''}`,
    ...lines,
  ].join('\n');
}

async function roomWorldSettings(runtime: IAgentRuntime, message: Memory): Promise<WorldSettings | null> {
  const world = await worldOf(runtime, message);
  const raw = world?.metadata?.settings;
  return raw && typeof raw === 'object' ? unsaltWorldSettings(raw as WorldSettings) : null;
}

/**
 * World settings. In a DM with the owner of a world that has settings it is
 * the onboarding brief (secret values shown to the owner); elsewhere the
 * public settings of the room's world, secrets masked. Empty when the world
 * has no settings, so it costs no prompt space in the common case.
 */
export const settingsProvider: Provider = {
  name: 'SETTINGS',
  description: 'World settings and onboarding status',
  position: -20,
  get: async (runtime, message) => {
    const onboarding = await onboardingWorld(runtime, message);
    if (onboarding) {
      const text = onboardingText(runtime.character.name, onboarding.settings);
      return { text, values: { settings: text, isOnboarding: true }, data: { settings: onboarding.settings } };
    }
    // A DM is for onboarding only (elizaOS); other rooms show their world's public settings.
    const settings =
      (await channelTypeOf(runtime, message)) === ChannelType.DM ? null : await roomWorldSettings(runtime, message);
    if (!settings) return { values: { settings: '' } };
    const text = configurationText(settings);
    return { text, values: { settings: text, isOnboarding: false }, data: { settings } };
  },
};
