import { resolveSettingRaw, type Character, type Plugin, type SettingsSource } from '@kith/core';

/** Used when OPENAI_API_KEY or OPENAI_BASE_URL is set. */
export const OPENAI_MODEL_PLUGIN = '@kith/plugin-openai';
/** Used otherwise: the DOCTOR script, no keys and no servers needed. */
export const OFFLINE_MODEL_PLUGIN = '@kith/plugin-eliza-classic';

/** The settings that mean "use an OpenAI-compatible server". */
const OPENAI_TRIGGERS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'];

export interface ModelChoice {
  /** Name of the plugin whose TEXT_LARGE answers, e.g. "openai". */
  plugin: string;
  /** "character" when its plugins list named a model plugin, "automatic" when the settings chose. */
  source: 'character' | 'automatic';
  /** What to print after "model: ", e.g. "openai (gpt-4o at https://api.openai.com/v1)". */
  description: string;
}

/**
 * The character's own settings in the runtime's order (secrets, settings,
 * settings.secrets); helpers such as resolveSettingRaw fall back to the
 * environment, so this sees what the agent will see.
 */
export function characterSettingsSource(character: Pick<Character, 'settings' | 'secrets'>): SettingsSource {
  return {
    getSetting: (key) =>
      character.secrets?.[key] ?? character.settings?.[key] ?? character.settings?.secrets?.[key] ?? null,
  };
}

/** The model plugin to add when the character lists none. */
export function chooseModelPlugin(settings: SettingsSource): string {
  return OPENAI_TRIGGERS.some((key) => resolveSettingRaw(settings, key) !== undefined)
    ? OPENAI_MODEL_PLUGIN
    : OFFLINE_MODEL_PLUGIN;
}

function describeOpenAI(settings: SettingsSource): string {
  try {
    // Loaded only when chosen, so the offline default starts without it.
    const { loadOpenAIConfig } = require('@kith/plugin-openai') as typeof import('@kith/plugin-openai');
    const config = loadOpenAIConfig(settings);
    const models =
      config.smallModel === config.largeModel ? config.largeModel : `${config.smallModel}, ${config.largeModel}`;
    return `openai (${models} at ${config.baseUrl})`;
  } catch {
    // The plugin's init reports the bad settings in full.
    return 'openai (check the OPENAI_* settings)';
  }
}

/** One line naming the plugin that answers TEXT_LARGE, and why when the settings asked for another. */
export function describeModelChoice(
  plugin: Plugin,
  source: ModelChoice['source'],
  settings: SettingsSource,
  specifier?: string,
): string {
  const kith = specifier === undefined || specifier.startsWith('@kith/');
  let description =
    kith && plugin.name === 'openai'
      ? describeOpenAI(settings)
      : kith && plugin.name === 'eliza-classic'
        ? 'eliza-classic (offline)'
        : specifier && !kith
          ? `${plugin.name} (${specifier})`
          : plugin.name;
  if (
    source === 'character' &&
    !(kith && plugin.name === 'openai') &&
    chooseModelPlugin(settings) === OPENAI_MODEL_PLUGIN
  ) {
    description += "; OPENAI_* settings are ignored because the character's plugins list names this model plugin";
  }
  return description;
}

/** The plugin whose TEXT_LARGE handler the runtime will call first: highest priority, then list order. */
export function primaryModelPlugin(plugins: readonly Plugin[]): Plugin | undefined {
  let best: Plugin | undefined;
  for (const plugin of plugins) {
    if (!plugin.models?.TEXT_LARGE) continue;
    if (!best || (plugin.priority ?? 0) > (best.priority ?? 0)) best = plugin;
  }
  return best;
}
