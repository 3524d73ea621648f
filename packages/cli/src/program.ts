import { KithError } from '@kith/core';
import { Command } from 'commander';
import { chatCommand } from './commands/chat-command';

const { version } = require('../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command('kith').description('Run and chat with Kith agents').version(version);
  program
    .command('chat')
    .description('chat with an agent in the terminal (in-process)')
    .option('-c, --character <file>', 'character file (JSON); default: the shipped Eliza')
    .option('-d, --data-dir <dir>', 'where the database lives (default: $KITH_DATA_DIR or ./.kith)')
    .option('-m, --message <text>', 'send one message, print the reply and exit')
    .option('--json', 'print each reply as one JSON object {text, actions, thought}')
    .option('-u, --user <name>', 'your name in the conversation (default: $USER)')
    .action(chatCommand);
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
