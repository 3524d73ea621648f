import { runChatLoop } from '@kith/client-cli';
import type { RemoteChatSession } from './remote-chat-session';

/** The terminal loop of `kith chat --url`: one line in, the agent's replies out, until "exit" or end of input. */
export async function runRemoteTerminalChat(
  session: RemoteChatSession,
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
): Promise<void> {
  await runChatLoop(session, {
    agentName: session.agentName,
    greeting: `Chatting with ${session.agentName} on a server. Type "exit" to leave.`,
    ...streams,
  });
}
