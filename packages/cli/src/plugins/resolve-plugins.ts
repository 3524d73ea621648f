import { pathToFileURL } from 'node:url';
import { PluginNotFoundError, PluginValidationError, type Character, type Plugin } from '@kith/core';
import {
  characterSettingsSource,
  chooseModelPlugin,
  describeModelChoice,
  OFFLINE_MODEL_PLUGIN,
  primaryModelPlugin,
  type ModelChoice,
} from './choose-model-plugin';

/** Always present: persistence and the message pipeline. */
export const REQUIRED_PLUGINS = ['@kith/plugin-sql', '@kith/plugin-bootstrap'];
/** The offline model, used when no listed plugin provides a text model and no OPENAI_* setting is set. */
export const DEFAULT_MODEL_PLUGIN = OFFLINE_MODEL_PLUGIN;

function isPlugin(value: unknown): value is Plugin {
  return typeof value === 'object' && value !== null && typeof (value as Plugin).name === 'string' && typeof (value as Plugin).description === 'string';
}

/** The named `*Plugin` export, else the default export, else the one plugin-shaped export. */
export function pickPluginExport(specifier: string, moduleExports: Record<string, unknown>): Plugin {
  const named = Object.entries(moduleExports).filter(([key, value]) => /plugin$/i.test(key) && key !== 'default' && isPlugin(value));
  if (named.length === 1) return named[0][1] as Plugin;
  const fallback = moduleExports.default;
  if (isPlugin(fallback)) return fallback;
  if (isPlugin((fallback as { default?: unknown } | undefined)?.default)) return (fallback as { default: Plugin }).default;
  const shaped = Object.values(moduleExports).filter(isPlugin);
  const unique = [...new Set(shaped)];
  if (unique.length === 1) return unique[0];
  throw new PluginValidationError(
    specifier,
    unique.length === 0
      ? 'the package exports no plugin object (an object with "name" and "description")'
      : `the package exports ${unique.length} plugins; export one as "default" or as a single "...Plugin" name`,
  );
}

/** Imports an installed plugin package, from the user's project first, then from the CLI's own dependencies. */
export async function loadPlugin(specifier: string, searchPaths: string[] = [process.cwd()]): Promise<Plugin> {
  let resolved: string;
  try {
    resolved = require.resolve(specifier, { paths: [...searchPaths, __dirname] });
  } catch (error) {
    throw new PluginNotFoundError(specifier, (error as Error).message.split('\n')[0]);
  }
  const loaded = resolved.endsWith('.mjs')
    ? ((await import(pathToFileURL(resolved).href)) as Record<string, unknown>)
    : (require(resolved) as Record<string, unknown>);
  return pickPluginExport(specifier, loaded);
}

/** The plugin list a character resolves to: its own list plus the required ones, in a stable order. */
export function pluginSpecifiers(characterPlugins: readonly string[] | undefined): string[] {
  const listed = [...(characterPlugins ?? [])];
  const missing = REQUIRED_PLUGINS.filter((p) => !listed.includes(p));
  return [...missing, ...listed];
}

export interface ResolvedPlugins {
  plugins: Plugin[];
  /** Which plugin answers text, for the start-up line; null only if no plugin provides TEXT_LARGE. */
  model: ModelChoice | null;
}

/**
 * Loads every plugin a character needs. When none of them provides
 * TEXT_LARGE, adds @kith/plugin-openai if OPENAI_API_KEY or OPENAI_BASE_URL
 * is set (character secrets/settings or the environment), else the offline
 * @kith/plugin-eliza-classic. A model plugin in the character's own list wins.
 */
export async function resolveAgentPlugins(
  character: Pick<Character, 'plugins' | 'settings' | 'secrets'>,
  searchPaths?: string[],
): Promise<ResolvedPlugins> {
  const settings = characterSettingsSource(character);
  const specifiers = pluginSpecifiers(character.plugins);
  const plugins: Plugin[] = [];
  for (const specifier of specifiers) plugins.push(await loadPlugin(specifier, searchPaths));
  let source: ModelChoice['source'] = 'character';
  if (!plugins.some((p) => p.models?.TEXT_LARGE)) {
    const chosen = chooseModelPlugin(settings);
    if (!specifiers.includes(chosen)) {
      plugins.push(await loadPlugin(chosen, searchPaths));
      source = 'automatic';
    }
  }
  const primary = primaryModelPlugin(plugins);
  const model = primary ? { plugin: primary.name, source, description: describeModelChoice(primary, source, settings) } : null;
  return { plugins, model };
}

/** resolveAgentPlugins for a plugins list alone (the model choice then reads only the environment). */
export async function resolvePlugins(characterPlugins: readonly string[] | undefined, searchPaths?: string[]): Promise<Plugin[]> {
  return (await resolveAgentPlugins({ plugins: characterPlugins ? [...characterPlugins] : undefined }, searchPaths)).plugins;
}
