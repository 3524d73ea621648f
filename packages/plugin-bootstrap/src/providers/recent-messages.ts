import type { IAgentRuntime, Memory, Provider } from '@kith/core';
import { arrivedBefore } from '../helpers/arrived-before';
import { conversationWindow, messagesToRead, mostToRead } from './conversation-window';
import { messageLine, receivedMessageText } from './message-lines';
import { roomTurn } from './room-turns';
import { nameOf, speakerNames } from './speaker-names';

/**
 * The room's newest `count` messages before `message`, newest first,
 * leaving out those that arrived after it (see arrivedBefore). Those are the
 * newest of the room, so when some were left out one read further back
 * fills the count. `exhausted`: the room has no messages beyond those read.
 */
async function messagesBefore(
  runtime: IAgentRuntime,
  message: Memory,
  count: number,
): Promise<{ before: Memory[]; exhausted: boolean }> {
  if (count <= 0) return { before: [], exhausted: false };
  const read = (n: number) => runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count: n });
  const keep = (memories: Memory[]) =>
    memories.filter((m) => m.id !== message.id && arrivedBefore(runtime, message, m));
  const memories = await read(count);
  const before = keep(memories);
  const later = memories.filter((m) => m.id !== message.id).length - before.length;
  if (later > 0 && memories.length === count) {
    const again = await read(count + later);
    return { before: keep(again), exhausted: again.length < count + later };
  }
  return { before, exhausted: memories.length < count };
}

const NOTHING = { before: [] as Memory[], exhausted: true };

/**
 * The conversation so far, oldest first: at least the last
 * CONVERSATION_LENGTH messages (default 20), in a window that grows block by
 * block (see conversation-window.ts) so consecutive prompts of a room share
 * their history as a prefix. In the provider's text the received message
 * itself is left to the RECEIVED_MESSAGE provider, after the per-turn context
 * (time, facts); `{{receivedMessageHeader}}` holds it for templates that
 * place it themselves. `{{recentMessages}}` ends with it, as elizaOS's does:
 * templates that extract what the user asks for (plugin-evm's transfer, the
 * action parameters) read it there. Also fills {{recentHistory}} (without it),
 * {{messageText}}, {{senderName}}, {{userName}}, {{roomId}}, {{isNewUser}}
 * and {{hasAttachments}}.
 */
export const recentMessagesProvider: Provider = {
  name: 'RECENT_MESSAGES',
  description: 'Recent messages in the room',
  position: 60,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const length = Math.max(0, runtime.getConversationLength());
    const schedule = roomTurn(runtime, message);
    const most = mostToRead(length, schedule);
    const first = messagesToRead(runtime, message.roomId, length, schedule);
    const [read, names] = await Promise.all([
      length > 0 ? messagesBefore(runtime, message, first) : Promise.resolve(NOTHING),
      speakerNames(runtime, message),
    ]);
    let { before } = read;
    let window = conversationWindow(runtime, message.roomId, before, length, schedule, first >= most || read.exhausted);
    if (!window) {
      // More messages came since the block's last turn than messagesToRead allowed for.
      before = (await messagesBefore(runtime, message, most)).before;
      window = conversationWindow(runtime, message.roomId, before, length, schedule) ?? [];
    }
    const earlier = window.reverse();
    const lines = earlier.map((m) => messageLine(nameOf(names, m), m)).filter((l): l is string => l !== null);
    const senderName = nameOf(names, message);
    const messageText = message.content.text ?? '';
    const history = lines.join('\n');
    const received = messageLine(senderName, message);
    return {
      text: lines.length > 0 ? `# Conversation Messages\n${history}` : '',
      values: {
        recentMessages: received === null ? history : history ? `${history}\n${received}` : received,
        recentHistory: history,
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
