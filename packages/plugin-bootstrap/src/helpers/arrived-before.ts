import type { IAgentRuntime, Memory } from '@kith/core';

/**
 * Whether a stored message was there when `message` arrived, so its turn may
 * show it. The message bus stores messages as it accepts them, stamping each
 * later than those before it in the room; a turn must not show the model
 * those that arrived while it waited. The agent's own messages always count:
 * turns of a room run one at a time, so its replies answer earlier messages.
 * A message without createdAt sees everything (nothing is known to be later).
 */
export function arrivedBefore(runtime: IAgentRuntime, message: Memory, memory: Memory): boolean {
  return (
    memory.entityId === runtime.agentId ||
    message.createdAt === undefined ||
    (memory.createdAt ?? 0) <= message.createdAt
  );
}
