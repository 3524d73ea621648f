import { relative } from 'node:path';
import { findKithWorkspace, loadPluginGenerator } from '../generators/load-plugin-generator';
import { scaffoldStandalonePlugin } from '../scaffold/scaffold-plugin';

export interface CreatePluginCommandOptions {
  scope?: string;
  dir?: string;
  /** The older spelling of --dir. */
  directory?: string;
  description?: string;
}

/**
 * `kith create plugin NAME`: inside the Kith workspace, the Nx generator's
 * packages/plugin-NAME; anywhere else, a standalone package in ./plugin-NAME.
 */
export async function createPluginCommand(name: string, options: CreatePluginCommandOptions): Promise<void> {
  const dir = options.dir ?? options.directory;
  const workspace = findKithWorkspace(process.cwd());
  const lines = workspace ? await inWorkspace(name, { ...options, dir }) : standalone(name, { ...options, dir });
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function inWorkspace(name: string, options: CreatePluginCommandOptions): Promise<string[]> {
  const generator = loadPluginGenerator(process.cwd());
  const result = await generator.run({
    name,
    scope: options.scope ?? '@kith',
    directory: options.dir ?? 'packages',
    description: options.description,
  });
  const where = relative(process.cwd(), generator.root) || '.';
  return [
    `Created ${result.packageName} in ${result.projectRoot} (export ${result.exportName}):`,
    ...result.changed.map((change) => `  ${change.type.toLowerCase().padEnd(6)} ${change.path}`),
    '',
    'Next, from the workspace root' + (where === '.' ? '' : ` (${where})`) + ':',
    '  npm install                                   # link the new package into the workspace',
    `  npx tsc -b ${result.projectRoot}`,
    `  cd ${result.projectRoot} && npx jest`,
    `Then add "${result.packageName}" to a character's "plugins" and check it with: kith plugins --character FILE`,
  ];
}

function standalone(name: string, options: CreatePluginCommandOptions): string[] {
  const result = scaffoldStandalonePlugin({
    name,
    scope: options.scope,
    dir: options.dir,
    description: options.description,
  });
  const folder = relative(process.cwd(), result.root) || '.';
  return [
    `Created ${result.packageName} in ${folder} (export ${result.exportName}):`,
    ...result.written.map((path) => `  create ${path}`),
    '',
    'Next:',
    `  cd ${folder}`,
    '  npm install && npm test   # its own tests: the example action and provider on a scripted model',
    '  npm pack                  # builds dist/ and writes the tarball to publish or install',
    `Then, in an agent's project: npm install ${folder.startsWith('.') ? folder : `./${folder}`} (or the tarball), add "${result.packageName}" to the character's "plugins", and check it with: kith plugins --character FILE`,
  ];
}
