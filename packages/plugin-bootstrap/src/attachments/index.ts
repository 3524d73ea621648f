/**
 * Attachment processing for the message pipeline: images are described
 * with the IMAGE_DESCRIPTION model, text documents (text/plain,
 * text/markdown, text/csv, application/json, or a .txt/.md/.json/.csv file)
 * are fetched and their text stored on the attachment.
 *
 * Fetching is guarded by `safeFetch`: http(s) only; loopback, private,
 * link-local (incl. cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast, reserved and IPv4-mapped forms of them are refused on every
 * redirect hop and on the address actually connected to.
 *
 * Settings (runtime.getSetting, then the environment), read by processAttachments:
 * - `ALLOW_PRIVATE_ATTACHMENT_URLS` (default false): fetch from private and
 *   loopback addresses too, for agents on a trusted network.
 * - `ATTACHMENT_MAX_BYTES` (default 1048576): the body size limit; a
 *   larger download is stopped and the attachment left unprocessed.
 * - `ATTACHMENT_TIMEOUT_MS` (default 10000): one deadline for a fetch,
 *   covering connect, headers, body and up to 3 redirects.
 */
export { processAttachments, type ProcessAttachmentsOptions } from './process-attachments';
export {
  safeFetch,
  DEFAULT_ATTACHMENT_MAX_BYTES,
  DEFAULT_ATTACHMENT_TIMEOUT_MS,
  type ResolvedAddress,
  type SafeFetchOptions,
  type SafeFetchResult,
} from './safe-fetch';
export { isPublicAddress, classifyAddress } from './address-policy';
export { readAttachmentSettings, type AttachmentSettings } from './attachment-settings';
export * from './errors';
