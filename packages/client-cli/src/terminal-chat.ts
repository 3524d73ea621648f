import type { IAgentRuntime } from '@kith/core';
import { runChatLoop } from './chat-loop';
import { ChatSession, type ChatSessionOptions } from './chat-session';

export interface TerminalChatOptions extends ChatSessionOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/**
 * Interactive chat on a terminal (or any pair of streams). Lines are sent one
 * at a time; the promise resolves when the user leaves or input ends.
 */
export async function runTerminalChat(runtime: IAgentRuntime, options: TerminalChatOptions = {}): Promise<void> {
  const agentName = runtime.character.name;
  await runChatLoop(new ChatSession(runtime, options), {
    agentName,
    greeting: `Chatting with ${agentName}. Type "exit" to leave, "/action NAME {json}" to run an action.`,
    input: options.input,
    output: options.output,
  });
}
