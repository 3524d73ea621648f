import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';

/** The options of the `@kith/tools:plugin` Nx generator. */
export interface PluginGeneratorOptions {
  name: string;
  scope?: string;
  directory?: string;
  description?: string;
}

/** What the generator wrote. */
export interface PluginGeneratorResult {
  packageName: string;
  projectRoot: string;
  exportName: string;
  changed: { path: string; type: 'CREATE' | 'UPDATE' | 'DELETE' }[];
}

/** The part of `@kith/tools` the CLI calls; typed here so the published CLI does not depend on the private tools package. */
interface ToolsModule {
  runPluginGenerator(root: string, options: PluginGeneratorOptions): Promise<PluginGeneratorResult>;
}

const WORKSPACE_HINT = 'run it inside a Kith workspace (a clone of https://github.com/kith-ai/kith, after npm install)';

/** The nearest folder at or above `from` holding an nx.json. */
export function findWorkspaceRoot(from: string): string | null {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'nx.json')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The root of the Kith workspace (a clone of the repository, after npm install) at or above
 * `from`: an nx.json whose node_modules links @kith/tools. Null elsewhere, including other Nx
 * workspaces, where `kith create plugin` writes a standalone package instead.
 */
export function findKithWorkspace(from: string): string | null {
  const root = findWorkspaceRoot(from);
  return root && existsSync(join(root, 'node_modules', '@kith', 'tools', 'package.json')) ? root : null;
}

/**
 * The workspace's own copy of the plugin generator: the same code `nx g
 * @kith/tools:plugin` runs, loaded from the workspace so both always agree.
 */
export function loadPluginGenerator(from: string): {
  root: string;
  run: (options: PluginGeneratorOptions) => Promise<PluginGeneratorResult>;
} {
  const root = findWorkspaceRoot(from);
  if (!root)
    throw new ConfigValidationError('kith create plugin', [
      `no nx.json in ${resolve(from)} or above: ${WORKSPACE_HINT}`,
    ]);
  let entry: string;
  try {
    entry = require.resolve('@kith/tools', { paths: [root] });
  } catch (error) {
    throw new ConfigValidationError('kith create plugin', [
      `the workspace at ${root} has no built @kith/tools package (${(error as Error).message.split('\n')[0]}): ${WORKSPACE_HINT}, then npx tsc -b tools`,
    ]);
  }
  const tools = require(entry) as ToolsModule;
  return { root, run: (options) => tools.runPluginGenerator(root, options) };
}
