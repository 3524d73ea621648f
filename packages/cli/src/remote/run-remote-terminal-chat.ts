import { createInterface } from 'node:readline';
import type { RemoteChatSession } from './remote-chat-session';

const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit', 'bye']);

/** The terminal loop of `kith chat --url`: one line in, the agent's replies out, until "exit" or end of input. */
export async function runRemoteTerminalChat(
  session: RemoteChatSession,
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
): Promise<void> {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  const agent = session.agentName;
  const rl = createInterface({ input, output, terminal: (input as NodeJS.ReadStream).isTTY === true });
  const write = (line: string) => output.write(`${line}\n`);
  write(`Chatting with ${agent} on a server. Type "exit" to leave.`);
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
