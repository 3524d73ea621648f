import type { IAgentRuntime, Memory, Provider } from '@kith/core';
import { nameOf, speakerNames } from './speaker-names';

function lineOf(name: string, memory: Memory): string | null {
  const text = memory.content.text?.trim();
  if (!text) return null;
  return `${name}: ${text}`;
}

/**
 * The conversation so far (CONVERSATION_LENGTH messages, oldest first),
 * then the message being answered under `# Received Message`.
 */
export const recentMessagesProvider: Provider = {
  name: 'RECENT_MESSAGES',
  description: 'Recent messages in the room',
  position: 100,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const [memories, names] = await Promise.all([
      runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count: runtime.getConversationLength() + 1 }),
      speakerNames(runtime, message.roomId),
    ]);
    const earlier = memories.filter((m) => m.id !== message.id).reverse();
    const lines = earlier.map((m) => lineOf(nameOf(names, m), m)).filter((l): l is string => l !== null);
    const senderName = nameOf(names, message);
    const messageText = message.content.text ?? '';
    const conversation = lines.length > 0 ? `# Conversation Messages\n${lines.join('\n')}` : '';
    const received = `# Received Message\n${senderName}: ${messageText}`;
    return {
      text: [conversation, received].filter(Boolean).join('\n\n'),
      values: {
        recentMessages: lines.join('\n'),
        recentMessagesCount: lines.length,
        messageText,
        senderName,
        userName: senderName,
        roomId: message.roomId,
        isNewUser: !earlier.some((m) => m.entityId === message.entityId),
        hasAttachments: (message.content.attachments?.length ?? 0) > 0,
      },
      data: { recentMessages: earlier },
    };
  },
};
