import type { MessagePayload, PluginEvents } from '@kith/core';
import { handleChannelCleared } from './channel-cleared';
import { handleEntityJoined, handleEntityLeft } from './entity-sync';
import { handleMessageDeleted } from './message-deleted';
import { handlePostGenerated } from './post-generated';
import { handleReactionReceived } from './reaction-received';
import { handleWorldSync } from './world-sync';

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

/** Event handlers of the bootstrap plugin; every platform's messages take the same path. */
export const bootstrapEvents: PluginEvents = {
  MESSAGE_RECEIVED: [handleIncoming],
  VOICE_MESSAGE_RECEIVED: [handleIncoming],
  REACTION_RECEIVED: [handleReactionReceived],
  MESSAGE_DELETED: [handleMessageDeleted],
  CHANNEL_CLEARED: [handleChannelCleared],
  POST_GENERATED: [handlePostGenerated],
  WORLD_JOINED: [handleWorldSync],
  WORLD_CONNECTED: [handleWorldSync],
  ENTITY_JOINED: [handleEntityJoined],
  ENTITY_LEFT: [handleEntityLeft],
};
