import { saltWorldSettings, type Action, type ActionResult, type Setting, type WorldSettings } from '@kith/core';
import { forgetOnboardingWorld, isSetting, missingRequired, onboardingWorld } from '../helpers/onboarding-world';
import { reportOutcome } from '../helpers/report-outcome';

interface SettingUpdate {
  key: string;
  value: string | number | boolean;
}

/** The setting key an update names: its key or its display name, case-insensitive. */
function findKey(settings: WorldSettings, wanted: string): string | undefined {
  const name = wanted.trim().toLowerCase();
  return Object.keys(settings).find(
    (key) => key.toLowerCase() === name || (isSetting(settings[key]) && settings[key].name.toLowerCase() === name),
  );
}

/** "true"/"false" become booleans when the setting holds a boolean; everything else stays text. */
function coerce(setting: Setting, value: SettingUpdate['value']): string | boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim();
  if (typeof setting.value === 'boolean' && /^(true|false|yes|no)$/i.test(text)) return /^(true|yes)$/i.test(text);
  return text;
}

function applyUpdate(settings: WorldSettings, update: SettingUpdate): string | null {
  const key = findKey(settings, update.key);
  if (!key) return `"${update.key}" is not a setting here`;
  const setting = settings[key];
  const unmet = (setting.dependsOn ?? []).filter(
    (dep) => settings[dep]?.value === null || settings[dep]?.value === undefined,
  );
  if (unmet.length > 0) return `${setting.name} needs ${unmet.join(', ')} first`;
  const value = coerce(setting, update.value);
  if (typeof setting.validation === 'function' && !setting.validation(value))
    return `That is not a valid value for ${setting.name}`;
  settings[key] = { ...setting, value };
  return null;
}

/** What the agent says after saving: the next required setting to ask for, or that onboarding is done. */
function nextStep(settings: WorldSettings, saved: string[]): string {
  const savedText = saved.length > 0 ? `Saved ${saved.join(', ')}. ` : '';
  const [next] = missingRequired(settings);
  if (!next) return `${savedText}All required settings are configured.`;
  const [, setting] = next;
  return `${savedText}Next, ${setting.name}: ${setting.usageDescription ?? setting.description}`;
}

/**
 * Onboarding, elizaOS style: in a DM, the owner of a world answers the
 * agent's questions and this action stores the values in the world's
 * settings (secret ones encrypted with SECRET_SALT), then names the next
 * required setting. Without an onboarding world it is not offered.
 */
export const updateSettingsAction: Action = {
  name: 'UPDATE_SETTINGS',
  similes: ['UPDATE_SETTING', 'SAVE_SETTING', 'SET_CONFIGURATION', 'CONFIGURE'],
  description: 'Save world settings the owner just gave during onboarding.',
  priority: 20,
  parameters: [
    {
      name: 'updates',
      description: 'Settings to save, each {key, value}',
      required: true,
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: { key: { type: 'string' }, value: { type: 'string' } },
          required: ['key', 'value'],
        },
      },
    },
  ],
  validate: async (runtime, message) => (await onboardingWorld(runtime, message)) !== null,
  handler: async (runtime, message, _state, options, callback): Promise<ActionResult> => {
    const updates = (options?.parameters?.updates ?? []) as SettingUpdate[];
    const found = await onboardingWorld(runtime, message);
    if (!found)
      return { success: false, error: 'UPDATE_SETTINGS runs only in a DM with the owner of a world that has settings' };
    const settings: WorldSettings = { ...found.settings };
    const saved: string[] = [];
    const problems: string[] = [];
    for (const update of updates) {
      const problem = applyUpdate(settings, update);
      if (problem) problems.push(problem);
      else saved.push(settings[findKey(settings, update.key) as string].name);
    }
    if (saved.length > 0) {
      const world = found.world;
      await runtime.updateWorld({
        ...world,
        metadata: { ...(world.metadata ?? {}), settings: saltWorldSettings(settings) },
      });
      forgetOnboardingWorld(message);
    }
    const text = [problems.join('. '), nextStep(settings, saved)].filter(Boolean).join('. ');
    // The next question always goes out: it is how onboarding moves on.
    await reportOutcome(callback, undefined, 'UPDATE_SETTINGS', text, saved.length > 0);
    return {
      success: saved.length > 0,
      text,
      values: { settingsRemaining: missingRequired(settings).length },
      data: { saved, problems },
      ...(saved.length > 0 ? {} : { error: problems.join('; ') || 'No setting was given' }),
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'The server name should be Kith Club' } },
      { name: '{{name2}}', content: { text: '', actions: ['UPDATE_SETTINGS'] } },
    ],
  ],
};
