export { bootstrapPlugin, default } from './plugin';
export * from './actions';
export * from './providers';
export * from './evaluators';
export * from './services';
export { DefaultMessageService } from './message-service/default-message-service';
export type { MessageServiceStats } from './message-service/message-service-stats';
export { shouldBypassShouldRespond } from './message-service/should-bypass';
export { bootstrapEvents } from './events/message-events';
export { handleReactionReceived } from './events/reaction-received';
export { handleMessageDeleted } from './events/message-deleted';
export { handleChannelCleared } from './events/channel-cleared';
export { handlePostGenerated } from './events/post-generated';
export { handleWorldSync } from './events/world-sync';
export { handleEntityJoined, handleEntityLeft } from './events/entity-sync';
export {
  processAttachments,
  safeFetch,
  isPublicAddress,
  type ProcessAttachmentsOptions,
  type SafeFetchOptions,
  type SafeFetchResult,
} from './attachments';
export {
  AttachmentErrorCode,
  type AttachmentErrorCodeName,
  AttachmentUrlRefusedError,
  AttachmentTooLargeError,
  AttachmentFetchError,
  type AttachmentRefusalReason,
} from './attachments';
