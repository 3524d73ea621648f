import { createUniqueUuid, type IAgentRuntime, type Memory } from '@kith/core';

/** How many of the room's later messages are searched for the replies. */
const SEARCH_WINDOW = 200;

/**
 * The replies an agent stored for a message it answered earlier (the
 * pipeline marks them `inReplyTo: createUniqueUuid(agent, message.id)`),
 * oldest first: what a repeated request gets back after a restart.
 */
export async function findStoredReplies(runtime: IAgentRuntime, message: Memory): Promise<Memory[]> {
  if (!message.id) return [];
  const inReplyTo = createUniqueUuid(runtime, message.id);
  const later = await runtime.getMemories({ tableName: 'messages', roomId: message.roomId, start: message.createdAt, count: SEARCH_WINDOW });
  return later
    .filter((memory) => memory.content.inReplyTo === inReplyTo && memory.entityId === runtime.agentId)
    .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
}
