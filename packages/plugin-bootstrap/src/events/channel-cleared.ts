import type { ChannelClearedPayload } from '@kith/core';

/** Forgets every message of a cleared channel and logs how many were deleted. */
export async function handleChannelCleared({
  runtime,
  roomId,
  channelId,
  memoryCount,
}: ChannelClearedPayload): Promise<void> {
  try {
    const before = await runtime.countMemories(roomId, false, 'messages');
    runtime.logger.info(
      { roomId, channelId, reported: memoryCount, stored: before },
      `Clearing ${before} message memories from channel ${channelId}`,
    );
    await runtime.deleteAllMemories(roomId, 'messages');
    const after = await runtime.countMemories(roomId, false, 'messages');
    const deleted = before - after;
    runtime.logger.info(
      { roomId, channelId, deleted },
      `Cleared ${deleted}/${before} message memories from channel ${channelId}`,
    );
  } catch (error) {
    runtime.logger.error({ err: error, roomId, channelId }, 'Clearing a channel failed');
  }
}
