import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PluginForeignCoreError,
  PluginLoadError,
  PluginNotFoundError,
  PluginValidationError,
  type Plugin,
} from '@kith/core';
import { coreOrigin, type CoreOrigin, foreignCoreWithin } from './core-origin';
import { findInstalledPackage, isEsmFile, splitSpecifier } from './installed-package';
import { overridesLine } from './kith-core-spec';
import { resolvePackageEntry } from './package-entry';
import { installedPackageNames, suggestPackage } from './suggest-package';

function isPlugin(value: unknown): value is Plugin {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Plugin).name === 'string' &&
    typeof (value as Plugin).description === 'string'
  );
}

/** The named `*Plugin` export, else the default export, else the one plugin-shaped export. */
export function pickPluginExport(specifier: string, moduleExports: Record<string, unknown>): Plugin {
  const shaped = Object.entries(moduleExports).filter(([key, value]) => key !== 'default' && isPlugin(value)) as [
    string,
    Plugin,
  ][];
  // Aliases of one object (`export { a as aPlugin, a as default }`) count once.
  const named = [...new Set(shaped.filter(([key]) => /plugin$/i.test(key)).map(([, plugin]) => plugin))];
  if (named.length === 1) return named[0];
  const fallback = moduleExports.default;
  if (isPlugin(fallback)) return fallback;
  if (isPlugin((fallback as { default?: unknown } | undefined)?.default))
    return (fallback as { default: Plugin }).default;
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
  /** Listed by the character, added because every agent needs it, chosen as the model, or the project's own code. */
  source: 'character' | 'required' | 'automatic' | 'project';
  /** Which core the plugin runs on. */
  core: CoreOrigin;
  /** The elizaOS package the character named that this Kith plugin stands in for. */
  replaces?: string;
}

/** One line of advice for a load failure whose cause we recognise. */
function hintFor(specifier: string, error: unknown, origin: CoreOrigin): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const missingExport = /export named '([^']+)'|Named export '([^']+)' not found/.exec(message);
  if (missingExport) {
    return `@kith/core does not provide "${missingExport[1] ?? missingExport[2]}", which this plugin imports from @elizaos/core: please report it (docs/elizaos-compatibility.md lists what is provided)`;
  }
  if (origin.kind === 'missing')
    return `It imports @elizaos/core, which is not installed: run kith add ${specifier} (it writes the npm overrides that make @elizaos/core resolve to @kith/core)`;
  const missingPackage = /Cannot find (?:package|module) '([^']+)'/.exec(message);
  if (missingPackage)
    return `A dependency of it ("${missingPackage[1]}") is missing: reinstall with kith add ${specifier}`;
  return undefined;
}

async function importEntry(entry: string): Promise<Record<string, unknown>> {
  // ESM-only packages cannot be require()d everywhere (top-level await, jest); CommonJS ones stay on require.
  if (isEsmFile(entry)) return (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  return require(entry) as Record<string, unknown>;
}

/**
 * Imports an installed plugin package, from the user's project first, then
 * from the CLI's own dependencies: CommonJS, ESM-only or dual, with or
 * without "exports". Not installed → PluginNotFoundError; would run on a real
 * @elizaos/core → PluginForeignCoreError (nothing is imported); installed but
 * importing it throws → PluginLoadError with the cause.
 */
export async function loadPluginPackage(
  specifier: string,
  searchPaths: string[] = [process.cwd()],
  source: LoadedPlugin['source'] = 'character',
): Promise<LoadedPlugin> {
  const { name, subpath } = splitSpecifier(specifier);
  const found = findInstalledPackage(name, [...searchPaths, __dirname]);
  if (!found) {
    const near = suggestPackage(name, installedPackageNames(searchPaths));
    throw new PluginNotFoundError(
      specifier,
      `no node_modules/${name} from ${searchPaths.join(', ')}${near ? `; did you mean "${near}", which is installed?` : ''}`,
    );
  }
  const core = coreOrigin(found.dir, found.json);
  if (core.kind === 'elizaos') {
    throw new PluginForeignCoreError(
      specifier,
      relative(searchPaths[0] ?? process.cwd(), core.dir) || core.dir,
      core.version ?? '?',
      overridesLine(),
    );
  }
  // Or a second core reached through one of its own @elizaos/* dependencies: the agent would run two runtimes' types and registries.
  const hidden = foreignCoreWithin(found.dir, found.json);
  if (hidden) {
    throw new PluginForeignCoreError(
      specifier,
      `${relative(searchPaths[0] ?? process.cwd(), hidden.dir) || hidden.dir}, through ${hidden.via}`,
      hidden.version ?? '?',
      overridesLine(),
    );
  }
  const entry = resolvePackageEntry(found.dir, found.json, subpath);
  if (!entry) {
    throw new PluginLoadError(
      specifier,
      found.dir,
      new Error(`its package.json ("exports"/"main") names no file for "${subpath}" that exists`),
      'Reinstall it, or check the package name',
    );
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = await importEntry(entry);
  } catch (error) {
    throw new PluginLoadError(specifier, entry, error, hintFor(specifier, error, core));
  }
  const plugin = pickPluginExport(specifier, loaded);
  return { specifier, plugin, version: found.json.version ?? null, packageDir: found.dir, source, core };
}
