import { createHash } from 'node:crypto';
import type { ModelCallHints } from '@kith/core';

/**
 * The `prompt_cache_key` of a call: one per agent and room, so OpenAI routes
 * a room's requests to the machines that hold its prompt prefix (consecutive
 * prompts of a room share most of their text). A hash keeps it well under
 * the API's 64 characters and keeps the ids out of it. Undefined when the
 * call's hints name no room.
 */
export function promptCacheKey(agentId: string, hints: ModelCallHints | undefined): string | undefined {
  const roomId = hints?.roomId ?? hints?.message?.roomId;
  if (!roomId) return undefined;
  return `kith-${createHash('sha256').update(`${agentId}:${roomId}`).digest('hex').slice(0, 32)}`;
}
