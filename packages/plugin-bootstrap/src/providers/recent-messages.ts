import type { IAgentRuntime, Media, Memory, Provider } from '@kith/core';
import { nameOf, speakerNames } from './speaker-names';

function attachmentNote(attachments: Media[] | undefined): string {
  if (!attachments?.length) return '';
  const items = attachments.map((a) => [a.title ?? a.contentType ?? 'file', a.description].filter(Boolean).join(': '));
  return ` (attachments: ${items.join('; ')})`;
}

function lineOf(name: string, memory: Memory): string | null {
  const text = memory.content.text?.trim() ?? '';
  const note = attachmentNote(memory.content.attachments);
  if (!text && !note) return null;
  return `${name}: ${text}${note}`;
}

/**
 * The conversation so far (CONVERSATION_LENGTH messages, default 20, oldest
 * first), then the message being answered under `# Received Message`.
 * Also fills {{messageText}}, {{userName}}, {{roomId}}, {{isNewUser}} and
 * {{hasAttachments}}.
 */
export const recentMessagesProvider: Provider = {
  name: 'RECENT_MESSAGES',
  description: 'Recent messages in the room',
  position: 100,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const length = Math.max(0, runtime.getConversationLength());
    const [memories, names] = await Promise.all([
      length > 0 ? runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count: length + 1 }) : Promise.resolve([]),
      speakerNames(runtime, message),
    ]);
    const earlier = memories.filter((m) => m.id !== message.id).slice(0, length).reverse();
    const lines = earlier.map((m) => lineOf(nameOf(names, m), m)).filter((l): l is string => l !== null);
    const senderName = nameOf(names, message);
    const messageText = message.content.text ?? '';
    const conversation = lines.length > 0 ? `# Conversation Messages\n${lines.join('\n')}` : '';
    const received = `# Received Message\n${senderName}: ${messageText}${attachmentNote(message.content.attachments)}`;
    return {
      text: [conversation, received].filter(Boolean).join('\n\n'),
      values: {
        recentMessages: lines.join('\n'),
        recentMessagesCount: lines.length,
        conversationLength: length,
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
