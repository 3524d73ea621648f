import { ChatSession, runTerminalChat } from '@kith/client-cli';
import { createAgent } from '../agent/create-agent';
import { DEFAULT_CHARACTER_PATH, loadCharacter } from '../character/load-character';

export interface ChatCommandOptions {
  character?: string;
  dataDir?: string;
  message?: string;
  json?: boolean;
  user?: string;
}

/** `kith chat`: one message with --message, otherwise an interactive session. */
export async function chatCommand(options: ChatCommandOptions): Promise<void> {
  const character = loadCharacter(options.character ?? DEFAULT_CHARACTER_PATH);
  const runtime = await createAgent({ character, dataDir: options.dataDir });
  try {
    if (options.message !== undefined) {
      const session = new ChatSession(runtime, { userName: options.user });
      const replies = await session.send(options.message);
      for (const reply of replies) {
        process.stdout.write(options.json ? `${JSON.stringify(reply)}\n` : `${reply.text}\n`);
      }
      return;
    }
    await runTerminalChat(runtime, { userName: options.user });
  } finally {
    await runtime.stop();
  }
}
