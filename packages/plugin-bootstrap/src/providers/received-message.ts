import type { IAgentRuntime, Memory, Provider } from '@kith/core';
import { receivedMessageText } from './message-lines';
import { nameOf, speakerNames } from './speaker-names';

/**
 * The message being answered, under `# Received Message`. Its own provider,
 * placed last (position 100), so the per-turn context (time, facts) sits
 * between the conversation history and it: the history stays part of the
 * prefix consecutive prompts share, and the model reads the message last.
 */
export const receivedMessageProvider: Provider = {
  name: 'RECEIVED_MESSAGE',
  description: 'The message being answered',
  position: 100,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const names = await speakerNames(runtime, message);
    return { text: receivedMessageText(nameOf(names, message), message) };
  },
};
