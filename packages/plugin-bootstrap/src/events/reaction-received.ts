import type { MessagePayload } from '@kith/core';

/**
 * Stores a reaction as a message memory. Platforms redeliver reactions, and
 * adapters treat a known id as a no-op, so a duplicate is recognised by its
 * id and logged as a warning, never as an error.
 */
export async function handleReactionReceived({ runtime, message }: MessagePayload): Promise<void> {
  try {
    if (message.id && (await runtime.getMemoryById(message.id))) {
      runtime.logger.warn({ messageId: message.id, roomId: message.roomId }, 'Duplicate reaction memory; skipping it');
      return;
    }
    await runtime.createMemory({ ...message, createdAt: message.createdAt ?? Date.now() }, 'messages');
  } catch (error) {
    runtime.logger.error({ err: error, messageId: message.id }, 'Storing a reaction failed');
  }
}
