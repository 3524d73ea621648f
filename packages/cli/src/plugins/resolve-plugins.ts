import { pathToFileURL } from 'node:url';
import { PluginNotFoundError, PluginValidationError, type Plugin } from '@kith/core';

/** Always present: persistence and the message pipeline. */
export const REQUIRED_PLUGINS = ['@kith/plugin-sql', '@kith/plugin-bootstrap'];
/** The offline model, used when no listed plugin provides a text model. */
export const DEFAULT_MODEL_PLUGIN = '@kith/plugin-eliza-classic';

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

/** Loads every plugin; adds the offline model when none of them provides TEXT_LARGE. */
export async function resolvePlugins(characterPlugins: readonly string[] | undefined, searchPaths?: string[]): Promise<Plugin[]> {
  const specifiers = pluginSpecifiers(characterPlugins);
  const plugins: Plugin[] = [];
  for (const specifier of specifiers) plugins.push(await loadPlugin(specifier, searchPaths));
  if (!plugins.some((p) => p.models?.TEXT_LARGE) && !specifiers.includes(DEFAULT_MODEL_PLUGIN)) {
    plugins.push(await loadPlugin(DEFAULT_MODEL_PLUGIN, searchPaths));
  }
  return plugins;
}
