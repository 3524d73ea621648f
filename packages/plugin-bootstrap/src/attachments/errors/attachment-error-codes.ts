/** Stable codes of the errors plugin-bootstrap's attachment handling raises. docs/errors.md lists the same set. */
export const AttachmentErrorCode = {
  URL_REFUSED: 'KITH_ATTACHMENT_URL_REFUSED',
  TOO_LARGE: 'KITH_ATTACHMENT_TOO_LARGE',
  FETCH_FAILED: 'KITH_ATTACHMENT_FETCH_FAILED',
} as const;

export type AttachmentErrorCodeName = (typeof AttachmentErrorCode)[keyof typeof AttachmentErrorCode];
