import { FsTree, flushChanges } from 'nx/src/generators/tree';
import { pluginGenerator } from './generators/plugin/generator';
import type { PluginGeneratorSchema } from './generators/plugin/plugin-generator-schema';
import type { PluginNames } from '@kith/cli/scaffold';

export interface PluginGeneratorRun extends PluginNames {
  /** Files written or changed, relative to the workspace root, in order. */
  changed: { path: string; type: 'CREATE' | 'UPDATE' | 'DELETE' }[];
}

/**
 * Runs the plugin generator on the workspace at `root` and writes the result,
 * exactly as `nx g @kith/tools:plugin` would; nothing is written when it throws.
 */
export async function runPluginGenerator(root: string, schema: PluginGeneratorSchema): Promise<PluginGeneratorRun> {
  const tree = new FsTree(root, false);
  const names = await pluginGenerator(tree, schema);
  const changes = tree.listChanges();
  flushChanges(root, changes);
  return { ...names, changed: changes.map(({ path, type }) => ({ path, type })) };
}
