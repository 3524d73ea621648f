import { createInterface } from 'node:readline';
import type { IAgentRuntime } from '@kith/core';
import { ChatSession, type ChatSessionOptions } from './chat-session';

export interface TerminalChatOptions extends ChatSessionOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit', 'bye']);

/**
 * Interactive chat on a terminal (or any pair of streams). Lines are sent one
 * at a time; the promise resolves when the user leaves or input ends.
 */
export async function runTerminalChat(runtime: IAgentRuntime, options: TerminalChatOptions = {}): Promise<void> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const session = new ChatSession(runtime, options);
  const agent = runtime.character.name;
  const rl = createInterface({ input, output, terminal: (input as NodeJS.ReadStream).isTTY === true });
  const write = (line: string) => output.write(`${line}\n`);

  write(`Chatting with ${agent}. Type "exit" to leave.`);
  rl.setPrompt('You: ');
  rl.prompt();
  try {
    for await (const line of rl) {
      const text = line.trim();
      if (EXIT_WORDS.has(text.toLowerCase())) break;
      if (text) {
        try {
          const replies = await session.send(text);
          if (replies.length === 0) write(`(${agent} chose not to answer)`);
          for (const reply of replies) write(`${agent}: ${reply.text}`);
        } catch (error) {
          write(`! ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      rl.prompt();
    }
  } finally {
    rl.close();
  }
}
