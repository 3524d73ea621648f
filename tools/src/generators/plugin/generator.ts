import { join, posix } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { formatFiles, generateFiles, offsetFromRoot, readJson, updateJson, type Tree } from '@nx/devkit';
import type { PluginGeneratorSchema } from './plugin-generator-schema';
import { pluginNames, type PluginNames } from './plugin-names';

// The same folder from src/ (ts-jest) and from dist/ (built): the templates are not compiled.
const TEMPLATES = join(__dirname, '..', '..', '..', 'src', 'generators', 'plugin', 'files');
const CORE_PROJECT = 'packages/core';
/** Used when the tree has no packages/core to read the version from. */
const DEFAULT_CORE_VERSION = '0.1.0';

interface TsconfigReferences {
  references?: { path: string }[];
}

/**
 * Writes a publishable plugin package (package.json, tsconfigs, jest config,
 * an action with parameters, a provider, a test, a README) and adds it to the
 * root tsconfig.json's project references when that file lists them.
 */
export async function pluginGenerator(tree: Tree, schema: PluginGeneratorSchema): Promise<PluginNames> {
  const names = pluginNames(schema);
  if (tree.exists(names.projectRoot)) {
    throw new ConfigValidationError('the plugin generator', [
      `name: ${names.projectRoot} already exists: choose another name, or delete that folder first`,
    ]);
  }
  const hasCoreProject = tree.exists(`${CORE_PROJECT}/tsconfig.json`);
  const coreVersion = tree.exists(`${CORE_PROJECT}/package.json`)
    ? readJson<{ version: string }>(tree, `${CORE_PROJECT}/package.json`).version
    : DEFAULT_CORE_VERSION;

  generateFiles(tree, TEMPLATES, names.projectRoot, {
    ...names,
    coreVersion,
    offset: offsetFromRoot(names.projectRoot),
    coreReference: hasCoreProject ? posix.relative(names.projectRoot, CORE_PROJECT) : null,
  });

  if (tree.exists('tsconfig.json')) {
    updateJson<TsconfigReferences>(tree, 'tsconfig.json', (json) => {
      const references = json.references;
      if (Array.isArray(references) && !references.some((r) => r.path === names.projectRoot)) {
        references.push({ path: names.projectRoot });
      }
      return json;
    });
  }
  if (!schema.skipFormat) await formatFiles(tree);
  return names;
}

export default pluginGenerator;
