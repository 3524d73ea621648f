import { createInterface } from 'node:readline';

/** Anything that takes a line and answers with the agent's replies: in-process or over a server. */
export interface LineChatSession {
  send(text: string): Promise<{ text?: string }[]>;
}

export interface ChatLoopOptions {
  agentName: string;
  /** First line printed, e.g. `Chatting with Eliza. Type "exit" to leave.` */
  greeting: string;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** A second Ctrl-C during a turn: leave at once (default: exit code 130). */
  forceQuit?: () => void;
}

const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit', 'bye']);

/**
 * The terminal loop: one line in, the agent's replies out, until "exit" or
 * end of input. A failed turn prints its error and the loop goes on.
 */
export async function runChatLoop(session: LineChatSession, options: ChatLoopOptions): Promise<void> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const agent = options.agentName;
  const rl = createInterface({ input, output, terminal: (input as NodeJS.ReadStream).isTTY === true });
  const write = (line: string) => output.write(`${line}\n`);

  write(options.greeting);
  rl.setPrompt('You: ');
  // Ctrl-C: between turns it leaves; during a turn the turn finishes first, and a second one leaves at once.
  let inTurn = false;
  let interrupted = false;
  rl.on('SIGINT', () => {
    if (!inTurn) return rl.close();
    if (!interrupted) {
      interrupted = true;
      write(`(finishing ${agent}'s turn, then leaving; Ctrl-C again leaves now)`);
      return;
    }
    write('(leaving now: your message is stored; the reply in progress is not)');
    (options.forceQuit ?? (() => process.exit(130)))();
  });
  rl.prompt();
  try {
    for await (const line of rl) {
      const text = line.trim();
      if (EXIT_WORDS.has(text.toLowerCase())) break;
      if (text) {
        inTurn = true;
        try {
          const replies = await session.send(text);
          if (replies.length === 0) write(`(${agent} chose not to answer)`);
          for (const reply of replies) write(`${agent}: ${reply.text}`);
        } catch (error) {
          write(`! ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          inTurn = false;
        }
        if (interrupted) break;
      }
      rl.prompt();
    }
  } finally {
    rl.close();
  }
}
