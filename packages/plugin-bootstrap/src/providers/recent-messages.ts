import type { IAgentRuntime, Memory, Provider } from '@kith/core';
import { conversationWindow, maxWindow } from './conversation-window';
import { messageLine, receivedMessageText } from './message-lines';
import { roomTurn } from './room-turns';
import { nameOf, speakerNames } from './speaker-names';

/**
 * The conversation so far, oldest first: at least the last
 * CONVERSATION_LENGTH messages (default 20), in a window that grows block by
 * block (see conversation-window.ts) so consecutive prompts of a room share
 * their history as a prefix. The received message itself is the
 * RECEIVED_MESSAGE provider's text, after the per-turn context (time,
 * facts); `{{receivedMessageHeader}}` holds it for templates that place it
 * themselves. Also fills {{recentMessages}}, {{messageText}}, {{senderName}},
 * {{userName}}, {{roomId}}, {{isNewUser}} and {{hasAttachments}}.
 */
export const recentMessagesProvider: Provider = {
  name: 'RECENT_MESSAGES',
  description: 'Recent messages in the room',
  position: 60,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const length = Math.max(0, runtime.getConversationLength());
    const schedule = roomTurn(runtime, message);
    // Two more than the window can hold: the received message may be among them, and one more tells a full window from a room's start.
    const fetch = maxWindow(length, schedule.every) + 2;
    const [memories, names] = await Promise.all([
      length > 0 ? runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count: fetch }) : Promise.resolve([]),
      speakerNames(runtime, message),
    ]);
    const before = memories.filter((m) => m.id !== message.id);
    const earlier = conversationWindow(runtime, message.roomId, before, length, schedule).reverse();
    const lines = earlier.map((m) => messageLine(nameOf(names, m), m)).filter((l): l is string => l !== null);
    const senderName = nameOf(names, message);
    const messageText = message.content.text ?? '';
    return {
      text: lines.length > 0 ? `# Conversation Messages\n${lines.join('\n')}` : '',
      values: {
        recentMessages: lines.join('\n'),
        recentMessagesCount: lines.length,
        conversationLength: length,
        messageText,
        senderName,
        userName: senderName,
        receivedMessageHeader: receivedMessageText(senderName, message),
        roomId: message.roomId,
        // Among the messages read, not only those shown: a window that just started a block is shorter.
        isNewUser: !before.some((m) => m.entityId === message.entityId),
        hasAttachments: (message.content.attachments?.length ?? 0) > 0,
      },
      data: { recentMessages: earlier },
    };
  },
};
