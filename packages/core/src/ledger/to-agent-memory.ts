import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { createUniqueUuid } from '../uuid/uuid';
import type { BusMessage } from './bus-message';

/**
 * The agent's memory id of a bus message. Derived per agent, as in elizaOS:
 * agents sharing one database each keep their own copy of a channel message.
 */
export function agentMemoryId(runtime: { agentId: UUID }, messageId: UUID): UUID {
  return createUniqueUuid(runtime, messageId);
}

/** The world an agent files a bus server's channels under (the one ensureConnection creates). */
export function agentWorldId(runtime: { agentId: UUID }, serverId: string): UUID {
  return createUniqueUuid(runtime, serverId);
}

/** A bus message as the Memory the agent's pipeline takes in. */
export function toAgentMemory(runtime: IAgentRuntime, message: BusMessage): Memory {
  return {
    id: agentMemoryId(runtime, message.id),
    entityId: message.authorId,
    agentId: runtime.agentId,
    roomId: message.channelId,
    worldId: agentWorldId(runtime, message.serverId),
    content: {
      text: message.text,
      source: message.source,
      channelType: message.channelType,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    },
    metadata: { type: 'message', source: message.source, timestamp: message.createdAt },
    createdAt: message.createdAt,
  };
}
