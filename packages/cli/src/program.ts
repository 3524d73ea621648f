import { KithError } from '@kith/core';
import { Command, Option } from 'commander';
import type { AddCommandOptions } from './commands/add-command';
import type { ChatCommandOptions } from './commands/chat-command';
import type { CreateAgentCommandOptions } from './commands/create-agent-command';
import type { CreatePluginCommandOptions } from './commands/create-plugin-command';
import type { DbCopyCommandOptions } from './commands/db-copy-command';
import type { DevCommandOptions } from './commands/dev-command';
import type { PluginsCommandOptions } from './commands/plugins-command';
import type { StartCommandOptions } from './commands/start-command';
import type { TestCommandOptions } from './commands/test-command';
import type { UsageCommandOptions } from './commands/usage-command';

const { version } = require('../package.json') as { version: string };

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

// Each command loads its modules when it runs: `kith create plugin` never opens SQLite or Fastify.
const startCommand = (options: StartCommandOptions) =>
  (require('./commands/start-command') as typeof import('./commands/start-command')).startCommand(options);
const devCommand = (options: DevCommandOptions) =>
  (require('./commands/dev-command') as typeof import('./commands/dev-command')).devCommand(options);
const testCommand = (options: TestCommandOptions) =>
  (require('./commands/test-command') as typeof import('./commands/test-command')).testCommand(options);
const chatCommand = (options: ChatCommandOptions) =>
  (require('./commands/chat-command') as typeof import('./commands/chat-command')).chatCommand(options);
const pluginsCommand = (options: PluginsCommandOptions) =>
  (require('./commands/plugins-command') as typeof import('./commands/plugins-command')).pluginsCommand(options);
const addCommand = (specs: string[], options: AddCommandOptions) =>
  (require('./commands/add-command') as typeof import('./commands/add-command')).addCommand(specs, options);
const usageCommand = (options: UsageCommandOptions) =>
  (require('./commands/usage-command') as typeof import('./commands/usage-command')).usageCommand(options);
const dbCopyCommand = (options: DbCopyCommandOptions) =>
  (require('./commands/db-copy-command') as typeof import('./commands/db-copy-command')).dbCopyCommand(options);
const createPluginCommand = (name: string, options: CreatePluginCommandOptions) =>
  (
    require('./commands/create-plugin-command') as typeof import('./commands/create-plugin-command')
  ).createPluginCommand(name, options);
const createAgentCommand = (name: string, options: CreateAgentCommandOptions) =>
  (require('./commands/create-agent-command') as typeof import('./commands/create-agent-command')).createAgentCommand(
    name,
    options,
  );

export function buildProgram(): Command {
  const program = new Command('kith').description('Run and chat with Kith agents').version(version);
  program
    .command('start')
    .description('start the server with one agent per character file (REST, WebSocket, web chat)')
    .option(
      '-c, --character <file>',
      'character file (JSON) or module exporting a character or a project (JS or TS); repeat for several; default: the project in this folder, else the shipped Eliza',
      collect,
    )
    .option('-p, --port <n>', 'port to listen on; 0 picks a free one (default: $KITH_SERVER_PORT or 3000)')
    .option('--host <host>', 'address to listen on (default: $KITH_SERVER_HOST or 127.0.0.1)')
    .option(
      '-d, --data-dir <dir>',
      'where the database lives, shared by the agents (default: $KITH_DATA_DIR or ./.kith)',
    )
    .option(
      '--database-url <url>',
      'PostgreSQL instead of SQLite: postgres://user:password@host:5432/db (default: $KITH_DATABASE_URL or $POSTGRES_URL)',
    )
    .action(startCommand);
  program
    .command('dev')
    .description('kith start that reloads the agents when a source or character file changes (same database)')
    .option(
      '-c, --character <file>',
      'character file or module (JSON, JS or TS); repeat for several; default: the project in this folder',
      collect,
    )
    .option('-p, --port <n>', 'port to listen on; 0 picks a free one (default: $KITH_SERVER_PORT or 3000)')
    .option('--host <host>', 'address to listen on (default: $KITH_SERVER_HOST or 127.0.0.1)')
    .option('-d, --data-dir <dir>', 'where the database lives (default: $KITH_DATA_DIR or ./.kith)')
    .option('--database-url <url>', 'PostgreSQL instead of SQLite (default: $KITH_DATABASE_URL or $POSTGRES_URL)')
    .action(devCommand);
  program
    .command('test')
    .description(
      "run the tests suites of the project's plugins and agents against a live agent on a temporary database",
    )
    .option(
      '-c, --character <file>',
      'character file or module (JSON, JS or TS); repeat for several; default: the project in this folder',
      collect,
    )
    .option('-n, --name <text>', 'run only the tests whose suite or test name contains this text')
    .action(testCommand);
  program
    .command('chat')
    .description('chat with an agent in the terminal: in-process, or with --url against a running kith start')
    .option(
      '-c, --character <file>',
      'character file or module (JSON, JS or TS); default: the project in this folder, else the shipped Eliza (with --url: picks the agent by its name)',
    )
    .option('-d, --data-dir <dir>', 'where the database lives (default: $KITH_DATA_DIR or ./.kith)')
    .option('--database-url <url>', 'PostgreSQL instead of SQLite (default: $KITH_DATABASE_URL or $POSTGRES_URL)')
    .option('-m, --message <text>', 'send one message, print the reply and exit')
    .option('--json', 'print each reply as one JSON object {text, actions, thought}')
    .option('-u, --user <name>', 'your name in the conversation (default: $USER)')
    .option('--url <url>', 'a running server, e.g. http://127.0.0.1:3000: chat over its REST API')
    .option('-a, --agent <name>', 'with --url: the agent to talk to, by name or id (default: the first)')
    .option('--api-key <key>', "with --url: the server's token (default: $KITH_SERVER_AUTH_TOKEN)")
    .action(chatCommand);
  program
    .command('plugins')
    .description('list the plugins a character resolves to, with versions and what each registers')
    .option(
      '-c, --character <file>',
      'character file or module (JSON, JS or TS); default: the project in this folder, else the shipped Eliza',
    )
    .option('--json', 'print the list as JSON')
    .option('--init', "also run each plugin's init to list what it registers there (it may call the network)")
    .action(pluginsCommand);
  program
    .command('add')
    .description(
      "install plugin packages and add them to the character's plugins (elizaOS plugins: writes the npm overrides so they run on @kith/core)",
    )
    .argument('<packages...>', 'npm package specs, e.g. @elizaos/plugin-telegram@1.6.4')
    .option(
      '-c, --character <file>',
      'character file to add them to (default: the only one in the project; asks when there are several)',
    )
    .option('--ignore-scripts', "pass --ignore-scripts to npm (e.g. @elizaos/plugin-ollama's install script needs bun)")
    .action(addCommand);
  program
    .command('usage')
    .description("an agent's model calls, tokens (cached too) and cost per day, room or model, read from its database")
    .option(
      '-c, --character <file>',
      'character file or module (JSON, JS or TS); default: the project in this folder, else the shipped Eliza',
    )
    .option('-d, --data-dir <dir>', 'where the database lives (default: $KITH_DATA_DIR or ./.kith)')
    .option('--database-url <url>', 'PostgreSQL instead of SQLite (default: $KITH_DATABASE_URL or $POSTGRES_URL)')
    .option('--since <when>', 'first day: a number of days back (7d) or a UTC day (2026-11-01)', '7d')
    .option('-g, --group-by <what>', 'day, room or model', 'day')
    .option('--json', 'print the answer as JSON (as GET /api/agents/:agentId/usage does)')
    .action(usageCommand);
  const db = program.command('db').description("move and look after an agent's database");
  db.command('copy')
    .description(
      "copy the agents' whole history from a SQLite file into PostgreSQL; running it again copies only what is missing",
    )
    .option(
      '--from <file-or-dir>',
      'the kith.db file, or the data folder holding it (default: $KITH_DATA_DIR or ./.kith)',
    )
    .option(
      '--to <url>',
      'PostgreSQL: postgres://user:password@host:5432/db (default: $KITH_DATABASE_URL or $POSTGRES_URL)',
    )
    .action(dbCopyCommand);
  const create = program.command('create').description('scaffold a plugin package or an agent project');
  create
    .command('plugin')
    .description(
      'write a publishable plugin package (example action, provider, tests, README): standalone, or packages/plugin-NAME inside the Kith workspace',
    )
    .argument('<name>', 'kebab-case plugin name, e.g. weather')
    .option(
      '--scope <scope>',
      'npm scope of the package (default: none, giving kith-plugin-NAME; @kith inside the Kith workspace)',
    )
    .option(
      '--dir <dir>',
      'folder that receives the package folder plugin-NAME (default: the current folder; packages inside the Kith workspace)',
    )
    .addOption(new Option('--directory <dir>').hideHelp())
    .option('--description <text>', 'one line for package.json and the README')
    .action(createPluginCommand);
  create
    .command('agent')
    .description(
      'write an agent project: TypeScript (the character and a local plugin with an action, a provider and tests in src/), package.json with @kith/cli, .env.example and a README',
    )
    .argument('<name>', 'kebab-case project name, e.g. support-bot (the agent is called Support Bot)')
    .option('--dir <dir>', 'folder that receives the project folder (default: the current folder)')
    .option('--json', 'a JSON character file instead of TypeScript')
    .action(createAgentCommand);
  return program;
}

/** Runs the CLI; errors become one clear line on stderr and exit code 1. */
export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    const code = KithError.isInstance(error) ? ` [${error.code}]` : '';
    process.stderr.write(`kith: ${error instanceof Error ? error.message : String(error)}${code}\n`);
    process.exitCode = 1;
  }
}
