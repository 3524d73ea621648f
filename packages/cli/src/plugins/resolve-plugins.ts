import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  const shaped = Object.entries(moduleExports).filter(([key, value]) => key !== 'default' && isPlugin(value)) as [string, Plugin][];
  // Aliases of one object (`export { a as aPlugin, a as default }`) count once.
  const named = [...new Set(shaped.filter(([key]) => /plugin$/i.test(key)).map(([, plugin]) => plugin))];
  if (named.length === 1) return named[0];
  const fallback = moduleExports.default;
  if (isPlugin(fallback)) return fallback;
  if (isPlugin((fallback as { default?: unknown } | undefined)?.default)) return (fallback as { default: Plugin }).default;
  const unique = [...new Set(shaped.map(([, plugin]) => plugin))];
  if (unique.length === 1) return unique[0];
  // `module.exports = plugin` in CommonJS.
  if (unique.length === 0 && isPlugin(moduleExports)) return moduleExports;
  if (unique.length === 0) {
    throw new PluginValidationError(
      specifier,
      `the package exports no plugin object (an object with "name" and "description"); its exports are: ${Object.keys(moduleExports).join(', ') || '(none)'}`,
    );
  }
  const candidates = shaped.map(([key, plugin]) => `${key} (name "${plugin.name}")`).join(', ');
  throw new PluginValidationError(
    specifier,
    `it exports ${unique.length} plugin objects and none is the one to use: ${candidates}. Export the plugin to load as "default", or name exactly one export "...Plugin"`,
  );
}

/** A plugin with the package it came from. */
export interface LoadedPlugin {
  /** As written in the character file (or added by kith). */
  specifier: string;
  plugin: Plugin;
  /** The package's version from its package.json; null when it has none. */
  version: string | null;
  /** The package folder. */
  packageDir: string | null;
  /** Listed by the character, added because every agent needs it, or chosen as the model. */
  source: 'character' | 'required' | 'automatic';
}

function readPackageJson(file: string): { name?: unknown; version?: unknown } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return null;
  }
}

/** The package.json of the package that holds `entry`: `<specifier>/package.json`, else the nearest one above the entry that names a package. */
function findPackage(specifier: string, entry: string, searchPaths: string[]): { dir: string; version: string | null } | null {
  const versionOf = (json: { version?: unknown } | null) => (typeof json?.version === 'string' ? json.version : null);
  try {
    const file = require.resolve(`${specifier}/package.json`, { paths: [...searchPaths, __dirname] });
    return { dir: dirname(file), version: versionOf(readPackageJson(file)) };
  } catch {
    // Packages whose "exports" hide package.json: walk up from the entry file.
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    const json = existsSync(file) ? readPackageJson(file) : null;
    if (typeof json?.name === 'string') return { dir, version: versionOf(json) };
  }
  return null;
}

/** Imports an installed plugin package, from the user's project first, then from the CLI's own dependencies. */
export async function loadPluginPackage(
  specifier: string,
  searchPaths: string[] = [process.cwd()],
  source: LoadedPlugin['source'] = 'character',
): Promise<LoadedPlugin> {
  let resolved: string;
  try {
    resolved = require.resolve(specifier, { paths: [...searchPaths, __dirname] });
  } catch (error) {
    throw new PluginNotFoundError(specifier, (error as Error).message.split('\n')[0]);
  }
  const loaded = resolved.endsWith('.mjs')
    ? ((await import(pathToFileURL(resolved).href)) as Record<string, unknown>)
    : (require(resolved) as Record<string, unknown>);
  const plugin = pickPluginExport(specifier, loaded);
  const pkg = findPackage(specifier, resolved, searchPaths);
  return { specifier, plugin, version: pkg?.version ?? null, packageDir: pkg?.dir ?? null, source };
}

/** Imports an installed plugin package and returns its plugin object. */
export async function loadPlugin(specifier: string, searchPaths: string[] = [process.cwd()]): Promise<Plugin> {
  return (await loadPluginPackage(specifier, searchPaths)).plugin;
}

/** The plugin list a character resolves to: its own list plus the required ones, in a stable order. */
export function pluginSpecifiers(characterPlugins: readonly string[] | undefined): string[] {
  const listed = [...(characterPlugins ?? [])];
  const missing = REQUIRED_PLUGINS.filter((p) => !listed.includes(p));
  return [...missing, ...listed];
}

export interface ResolvedPlugins {
  plugins: Plugin[];
  /** The same plugins with their packages, versions and why each is there. */
  packages: LoadedPlugin[];
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
  const listed = character.plugins ?? [];
  const specifiers = pluginSpecifiers(listed);
  const packages: LoadedPlugin[] = [];
  for (const specifier of specifiers) packages.push(await loadPluginPackage(specifier, searchPaths, listed.includes(specifier) ? 'character' : 'required'));
  let source: ModelChoice['source'] = 'character';
  if (!packages.some((p) => p.plugin.models?.TEXT_LARGE)) {
    const chosen = chooseModelPlugin(settings);
    if (!specifiers.includes(chosen)) {
      packages.push(await loadPluginPackage(chosen, searchPaths, 'automatic'));
      source = 'automatic';
    }
  }
  const plugins = packages.map((p) => p.plugin);
  const primary = primaryModelPlugin(plugins);
  const model = primary ? { plugin: primary.name, source, description: describeModelChoice(primary, source, settings) } : null;
  return { plugins, packages, model };
}

/** resolveAgentPlugins for a plugins list alone (the model choice then reads only the environment). */
export async function resolvePlugins(characterPlugins: readonly string[] | undefined, searchPaths?: string[]): Promise<Plugin[]> {
  return (await resolveAgentPlugins({ plugins: characterPlugins ? [...characterPlugins] : undefined }, searchPaths)).plugins;
}
