import type { IAgentRuntime, Memory, Provider } from '@kith/core';
import { arrivedBefore } from '../helpers/arrived-before';
import { conversationWindow, maxWindow } from './conversation-window';
import { messageLine, receivedMessageText } from './message-lines';
import { roomTurn } from './room-turns';
import { nameOf, speakerNames } from './speaker-names';

/**
 * The room's newest `count` messages before `message`, newest first,
 * leaving out those that arrived after it (see arrivedBefore). Those are the
 * newest of the room, so when some were left out one read further back
 * fills the count.
 */
async function messagesBefore(runtime: IAgentRuntime, message: Memory, count: number): Promise<Memory[]> {
  if (count <= 0) return [];
  const read = (n: number) => runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count: n });
  const keep = (memories: Memory[]) => memories.filter((m) => m.id !== message.id && arrivedBefore(runtime, message, m));
  const memories = await read(count);
  const before = keep(memories);
  const later = memories.filter((m) => m.id !== message.id).length - before.length;
  return later > 0 && memories.length === count ? keep(await read(count + later)) : before;
}

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
    const [before, names] = await Promise.all([length > 0 ? messagesBefore(runtime, message, fetch) : Promise.resolve([]), speakerNames(runtime, message)]);
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
