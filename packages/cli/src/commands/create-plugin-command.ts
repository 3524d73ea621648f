import { relative } from 'node:path';
import { loadPluginGenerator } from '../generators/load-plugin-generator';

export interface CreatePluginCommandOptions {
  scope?: string;
  directory?: string;
  description?: string;
}

/** `kith create plugin NAME`: runs the workspace's plugin generator and says what to do next. */
export async function createPluginCommand(name: string, options: CreatePluginCommandOptions): Promise<void> {
  const generator = loadPluginGenerator(process.cwd());
  const result = await generator.run({ name, scope: options.scope, directory: options.directory, description: options.description });
  const where = relative(process.cwd(), generator.root) || '.';
  const lines = [
    `Created ${result.packageName} in ${result.projectRoot} (export ${result.exportName}):`,
    ...result.changed.map((change) => `  ${change.type.toLowerCase().padEnd(6)} ${change.path}`),
    '',
    'Next, from the workspace root' + (where === '.' ? '' : ` (${where})`) + ':',
    '  npm install                                   # link the new package into the workspace',
    `  npx tsc -b ${result.projectRoot}`,
    `  cd ${result.projectRoot} && npx jest`,
    `Then add "${result.packageName}" to a character's "plugins" and check it with: kith plugins --character FILE`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
