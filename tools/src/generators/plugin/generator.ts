import { join, posix } from 'node:path';
import { pluginNames, PLUGIN_SOURCE_TEMPLATES, type PluginNames } from '@kith/cli/scaffold';
import { ConfigValidationError } from '@kith/core';
import { formatFiles, generateFiles, offsetFromRoot, readJson, updateJson, type Tree } from '@nx/devkit';
import type { PluginGeneratorSchema } from './plugin-generator-schema';

// The workspace's own files (package.json, tsconfigs, jest config, README), the same folder from
// src/ (ts-jest) and from dist/ (built); the plugin's sources are @kith/cli's, shared with the
// standalone package `kith create plugin` writes outside the workspace.
const TEMPLATES = join(__dirname, '..', '..', '..', 'src', 'generators', 'plugin', 'files');
const CORE_PROJECT = 'packages/core';
/** Used when the tree has no packages/core to read the version from. */
const DEFAULT_CORE_VERSION = '0.1.0';

interface TsconfigReferences {
  references?: { path: string }[];
}

interface Repository {
  type?: string;
  url?: string;
  directory?: string;
}

/**
 * Writes a publishable plugin package (package.json whose tarball leaves out
 * source maps and build info, with the siblings' repository; tsconfigs, jest
 * config, an action with parameters, a provider, a test, a README, the
 * workspace's LICENSE) and adds it to the
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

  const values = {
    ...names,
    coreRange: `^${coreVersion}`,
    offset: offsetFromRoot(names.projectRoot),
    coreReference: hasCoreProject ? posix.relative(names.projectRoot, CORE_PROJECT) : null,
  };
  generateFiles(tree, TEMPLATES, names.projectRoot, values);
  generateFiles(tree, PLUGIN_SOURCE_TEMPLATES, posix.join(names.projectRoot, 'src'), values);
  // npm packs a package's own LICENSE only: every package carries a copy of the workspace's.
  const license = tree.read('LICENSE');
  if (license) tree.write(posix.join(names.projectRoot, 'LICENSE'), license);
  // The siblings' repository, pointing at this folder (npm links it from the package page).
  const repository = tree.exists(`${CORE_PROJECT}/package.json`)
    ? readJson<{ repository?: Repository }>(tree, `${CORE_PROJECT}/package.json`).repository
    : undefined;
  if (repository?.url) {
    updateJson(tree, posix.join(names.projectRoot, 'package.json'), (json: Record<string, unknown>) => ({
      ...json,
      repository: { ...repository, directory: names.projectRoot },
    }));
  }

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
