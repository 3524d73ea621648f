import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { createUniqueUuid } from '../uuid/uuid';
import { adapterCall } from './adapter-call';

/** How many of the room's later messages the fallback reads (only for adapters without getRepliesTo). */
const FALLBACK_WINDOW = 200;

/** What the pipeline writes into `content.inReplyTo` of its replies to a stored message (as elizaOS does). */
export function replyKeyOf(runtime: { agentId: UUID }, messageMemoryId: UUID): UUID {
  return createUniqueUuid(runtime, messageMemoryId);
}

/**
 * The decisions the agent recorded for a stored message (its replies and
 * IGNOREs), oldest first: the exactly-once check of the pipeline and what a
 * repeated message gets back from the message bus. One indexed query with
 * `adapter.getRepliesTo`; adapters without it (foreign ones) fall back to
 * reading the room's messages stored after the message.
 */
export async function findStoredReplies(
  runtime: IAgentRuntime,
  message: Pick<Memory, 'id' | 'roomId' | 'createdAt'>,
): Promise<Memory[]> {
  if (!message.id) return [];
  const inReplyTo = replyKeyOf(runtime, message.id);
  const adapter = runtime.adapter;
  const getRepliesTo = adapter.getRepliesTo?.bind(adapter);
  const candidates = getRepliesTo
    ? await adapterCall(runtime, 'getRepliesTo', () => getRepliesTo(inReplyTo))
    : await runtime.getMemories({
        tableName: 'messages',
        roomId: message.roomId,
        start: message.createdAt,
        count: FALLBACK_WINDOW,
      });
  return candidates
    .filter((memory) => memory.entityId === runtime.agentId && memory.content.inReplyTo === inReplyTo)
    .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
}
