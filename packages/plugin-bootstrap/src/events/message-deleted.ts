import type { MessagePayload } from '@kith/core';

/** Forgets a message the platform deleted. */
export async function handleMessageDeleted({ runtime, message }: MessagePayload): Promise<void> {
  if (!message.id) {
    runtime.logger.error({ roomId: message.roomId }, 'Cannot delete a memory: the message has no id');
    return;
  }
  try {
    if (!(await runtime.getMemoryById(message.id))) {
      runtime.logger.debug({ messageId: message.id }, 'Deleted message was not in memory');
      return;
    }
    await runtime.deleteMemory(message.id);
    runtime.logger.info({ messageId: message.id, roomId: message.roomId }, 'Deleted the memory of a deleted message');
  } catch (error) {
    runtime.logger.error({ err: error, messageId: message.id }, 'Deleting a message memory failed');
  }
}
