import { KithError, type ChannelClearedPayload, type MessagePayload, type PluginEvents } from '@kith/core';

async function handleIncoming(payload: MessagePayload): Promise<void> {
  const { runtime, message, callback, onComplete } = payload;
  try {
    if (!runtime.messageService) {
      runtime.logger.error('No message service is installed; is @kith/plugin-bootstrap initialised?');
      return;
    }
    await runtime.messageService.handleMessage(runtime, message, callback);
  } finally {
    onComplete?.();
  }
}

async function handleReaction({ runtime, message }: MessagePayload): Promise<void> {
  try {
    await runtime.createMemory(message, 'messages');
  } catch (error) {
    if (KithError.isInstance(error) && /DUPLICATE/.test(error.code)) {
      runtime.logger.warn({ messageId: message.id }, 'Duplicate reaction memory; skipping it');
      return;
    }
    runtime.logger.error({ err: error }, 'Storing a reaction failed');
  }
}

async function handleDeleted({ runtime, message }: MessagePayload): Promise<void> {
  if (!message.id) {
    runtime.logger.error('Cannot delete a memory: the message has no id');
    return;
  }
  await runtime.deleteMemory(message.id);
}

async function handleChannelCleared({ runtime, roomId, channelId }: ChannelClearedPayload): Promise<void> {
  const before = await runtime.countMemories(roomId, false, 'messages');
  await runtime.deleteAllMemories(roomId, 'messages');
  runtime.logger.info({ roomId, channelId, deleted: before }, `Cleared ${before} message memories from channel ${channelId}`);
}

/** Event handlers of the bootstrap plugin; every platform's messages take the same path. */
export const bootstrapEvents: PluginEvents = {
  MESSAGE_RECEIVED: [handleIncoming],
  VOICE_MESSAGE_RECEIVED: [handleIncoming],
  REACTION_RECEIVED: [handleReaction],
  MESSAGE_DELETED: [handleDeleted],
  CHANNEL_CLEARED: [handleChannelCleared],
};
