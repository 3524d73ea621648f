import { KithError } from '@kith/core';
import { AttachmentErrorCode } from './attachment-error-codes';

/** Why an attachment URL was refused before any request was sent. */
export type AttachmentRefusalReason = 'invalid' | 'scheme' | 'address';

const name = 'AttachmentUrlRefusedError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * An attachment URL was refused before any request: it does not parse, its
 * scheme is not http(s), or its host is (or resolves to) a non-public address.
 */
export class AttachmentUrlRefusedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly url: string,
    readonly reason: AttachmentRefusalReason,
    readonly detail: string,
  ) {
    super(AttachmentErrorCode.URL_REFUSED, `Attachment URL ${url} refused: ${detail}. ${hint(reason)}`);
  }

  /** True for an AttachmentUrlRefusedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AttachmentUrlRefusedError {
    return KithError.hasMarker(error, marker);
  }
}

function hint(reason: AttachmentRefusalReason): string {
  if (reason === 'address') {
    return 'Loopback, private and link-local addresses are refused by default; set ALLOW_PRIVATE_ATTACHMENT_URLS=true if fetching from such hosts is intended.';
  }
  return 'Only http: and https: URLs are fetched.';
}
