import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { pluginNames, type PluginNames } from './plugin-names';
import { renderTemplateFolder } from './render-template';
import { PLUGIN_SOURCE_TEMPLATES, TEMPLATES_DIR } from './templates-dir';

const { version, dependencies } = require('../../package.json') as {
  version: string;
  dependencies: Record<string, string>;
};

export interface ScaffoldPluginOptions {
  name: string;
  /** npm scope; none by default (the package is `kith-plugin-NAME`). */
  scope?: string;
  /** Folder that receives the package folder `plugin-NAME` (default: the current folder). */
  dir?: string;
  description?: string;
}

export interface ScaffoldedPlugin extends PluginNames {
  /** The package folder, absolute. */
  root: string;
  /** Files written, relative to the folder the command ran in. */
  written: string[];
}

/** A folder that exists and holds anything. */
function isNonEmptyFolder(path: string): boolean {
  return existsSync(path) && readdirSync(path).length > 0;
}

/**
 * Writes a standalone plugin package: the example sources, its own
 * package.json (devDependencies, `@kith/core` as a caret range), tsconfig,
 * jest config, README, LICENSE and .gitignore, so `npm install && npm test &&
 * npm pack` work as written, outside any workspace.
 */
export function scaffoldStandalonePlugin(options: ScaffoldPluginOptions, cwd = process.cwd()): ScaffoldedPlugin {
  const names = pluginNames({
    name: options.name,
    scope: options.scope ?? '',
    directory: '.',
    description: options.description,
  });
  const folder = `plugin-${names.name}`;
  const root = resolve(cwd, options.dir ?? '.', folder);
  if (isNonEmptyFolder(root))
    throw new ConfigValidationError('kith create plugin', [
      `name: ${root} already exists and is not empty: choose another name or --dir, or delete that folder first`,
    ]);
  const coreRange = dependencies['@kith/core'] ?? `^${version}`;
  const values = {
    ...names,
    folder,
    coreRange,
    coreVersion: coreRange.replace(/^[\^~]/, ''),
    tarballName: `${names.packageName.replace(/^@/, '').replace('/', '-')}-0.1.0.tgz`,
    year: String(new Date().getFullYear()),
  };
  const written = [
    ...renderTemplateFolder(join(TEMPLATES_DIR, 'plugin', 'standalone'), root, values, cwd, {
      gitignore: '.gitignore',
    }),
    ...renderTemplateFolder(PLUGIN_SOURCE_TEMPLATES, join(root, 'src'), values, cwd),
  ];
  return { ...names, root, written };
}
