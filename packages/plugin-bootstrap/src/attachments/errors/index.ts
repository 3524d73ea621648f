export { AttachmentErrorCode, type AttachmentErrorCodeName } from './attachment-error-codes';
export { AttachmentUrlRefusedError, type AttachmentRefusalReason } from './attachment-url-refused-error';
export { AttachmentTooLargeError } from './attachment-too-large-error';
export { AttachmentFetchError } from './attachment-fetch-error';
