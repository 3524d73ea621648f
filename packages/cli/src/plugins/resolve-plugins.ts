import { resolveSettingRaw, type Character, type Plugin } from '@kith/core';
import {
  characterSettingsSource,
  chooseModelPlugin,
  describeModelChoice,
  OFFLINE_MODEL_PLUGIN,
  primaryModelPlugin,
  type ModelChoice,
} from './choose-model-plugin';
import { loadPluginPackage, type LoadedPlugin } from './load-plugin-package';

export { loadPluginPackage, pickPluginExport, type LoadedPlugin } from './load-plugin-package';

/** Always present: persistence and the message pipeline. */
export const REQUIRED_PLUGINS = ['@kith/plugin-sql', '@kith/plugin-bootstrap'];
/** The offline model, used when no listed plugin provides a text model and no OPENAI_* setting is set. */
export const DEFAULT_MODEL_PLUGIN = OFFLINE_MODEL_PLUGIN;

/** Imports an installed plugin package and returns its plugin object. */
export async function loadPlugin(specifier: string, searchPaths: string[] = [process.cwd()]): Promise<Plugin> {
  return (await loadPluginPackage(specifier, searchPaths)).plugin;
}

/**
 * elizaOS plugins whose job Kith's own required plugins do. Loading both would
 * register two message pipelines (every message answered twice) and two
 * database adapters, so the Kith plugin takes the elizaOS one's place.
 */
export const ELIZA_REPLACEMENTS: Readonly<Record<string, string>> = {
  '@elizaos/plugin-sql': '@kith/plugin-sql',
  '@elizaos/plugin-bootstrap': '@kith/plugin-bootstrap',
};

/** The plugin list a character resolves to: its own list (elizaOS stand-ins swapped) plus the required ones, in a stable order. */
export function pluginSpecifiers(characterPlugins: readonly string[] | undefined): string[] {
  const listed = [...new Set((characterPlugins ?? []).map((p) => ELIZA_REPLACEMENTS[p] ?? p))];
  const missing = REQUIRED_PLUGINS.filter((p) => !listed.includes(p));
  return [...missing, ...listed];
}

/** One line per elizaOS plugin of the list that a Kith plugin stands in for. */
export function replacementNotices(characterPlugins: readonly string[] | undefined): string[] {
  return (characterPlugins ?? [])
    .filter((p) => ELIZA_REPLACEMENTS[p])
    .map(
      (p) =>
        `${p}: Kith's ${ELIZA_REPLACEMENTS[p]} takes its place (same role; loading both would answer every message twice)`,
    );
}

export interface ResolvedPlugins {
  plugins: Plugin[];
  /** The same plugins with their packages, versions and why each is there. */
  packages: LoadedPlugin[];
  /** Which plugin answers text, for the start-up line; null only if no plugin provides TEXT_LARGE. */
  model: ModelChoice | null;
  /** One line each for elizaOS plugins replaced by Kith's own (see ELIZA_REPLACEMENTS). */
  notices: string[];
  /** With `keepGoing`: the packages that could not be loaded, with why. */
  failed: { specifier: string; error: Error }[];
}

export interface ResolveOptions {
  /** Collect load failures in `failed` instead of throwing the first (kith plugins). */
  keepGoing?: boolean;
  /** Plugin objects from the project's code (local plugin files, a project agent's `plugins`), installed after the packages. */
  projectPlugins?: readonly { specifier: string; plugin: Plugin }[];
}

/**
 * Loads every plugin a character needs. When none of them provides
 * TEXT_LARGE, adds @kith/plugin-openai if OPENAI_API_KEY or OPENAI_BASE_URL
 * is set (character secrets/settings or the environment), else the offline
 * @kith/plugin-eliza-classic. A model plugin in the character's own list wins.
 * With MAX_DAILY_COST_USD set (and no BUDGET_EXCEEDED_MESSAGE), the offline
 * model is added as well, to answer past the limit.
 */
export async function resolveAgentPlugins(
  character: Pick<Character, 'plugins' | 'settings' | 'secrets'>,
  searchPaths?: string[],
  options: ResolveOptions = {},
): Promise<ResolvedPlugins> {
  const settings = characterSettingsSource(character);
  const listed = character.plugins ?? [];
  const specifiers = pluginSpecifiers(listed);
  const replaced = new Map(listed.filter((p) => ELIZA_REPLACEMENTS[p]).map((p) => [ELIZA_REPLACEMENTS[p], p]));
  const packages: LoadedPlugin[] = [];
  const failed: ResolvedPlugins['failed'] = [];
  const load = async (specifier: string, source: LoadedPlugin['source']): Promise<void> => {
    try {
      const loaded = await loadPluginPackage(specifier, searchPaths, source);
      const replaces = replaced.get(specifier);
      packages.push(replaces ? { ...loaded, replaces } : loaded);
    } catch (error) {
      if (!options.keepGoing) throw error;
      failed.push({ specifier, error: error as Error });
    }
  };
  for (const specifier of specifiers)
    await load(specifier, listed.includes(specifier) || replaced.has(specifier) ? 'character' : 'required');
  for (const { specifier, plugin } of options.projectPlugins ?? []) {
    if (packages.some((p) => p.plugin.name === plugin.name)) continue;
    packages.push({ specifier, plugin, version: null, packageDir: null, source: 'project', core: { kind: 'none' } });
  }
  let source: ModelChoice['source'] = 'character';
  if (!packages.some((p) => p.plugin.models?.TEXT_LARGE)) {
    const chosen = chooseModelPlugin(settings);
    if (!specifiers.includes(chosen)) {
      await load(chosen, 'automatic');
      source = 'automatic';
    }
  }
  // Past MAX_DAILY_COST_USD the agent answers offline: the DOCTOR script must be there (it answers only past the limit).
  if (
    resolveSettingRaw(settings, 'MAX_DAILY_COST_USD') !== undefined &&
    resolveSettingRaw(settings, 'BUDGET_EXCEEDED_MESSAGE') === undefined
  ) {
    if (!packages.some((p) => p.plugin.name === 'eliza-classic'))
      packages.push(await loadPluginPackage(OFFLINE_MODEL_PLUGIN, searchPaths, 'automatic'));
  }
  const plugins = packages.map((p) => p.plugin);
  const primary = primaryModelPlugin(plugins);
  const specifier = packages.find((p) => p.plugin === primary)?.specifier;
  const model = primary
    ? { plugin: primary.name, source, description: describeModelChoice(primary, source, settings, specifier) }
    : null;
  return { plugins, packages, model, notices: replacementNotices(listed), failed };
}

/** resolveAgentPlugins for a plugins list alone (the model choice then reads only the environment). */
export async function resolvePlugins(
  characterPlugins: readonly string[] | undefined,
  searchPaths?: string[],
): Promise<Plugin[]> {
  return (await resolveAgentPlugins({ plugins: characterPlugins ? [...characterPlugins] : undefined }, searchPaths))
    .plugins;
}
