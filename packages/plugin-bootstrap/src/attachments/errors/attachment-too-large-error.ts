import { KithError } from '@kith/core';
import { AttachmentErrorCode } from './attachment-error-codes';

const name = 'AttachmentTooLargeError';
const marker = Symbol.for(`kith.error.${name}`);

/** An attachment's body exceeded the size limit; the download was aborted there. */
export class AttachmentTooLargeError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly url: string,
    readonly limitBytes: number,
  ) {
    super(
      AttachmentErrorCode.TOO_LARGE,
      `Attachment ${url} is larger than the ${limitBytes}-byte limit; the download was stopped. Raise ATTACHMENT_MAX_BYTES to accept larger attachments.`,
    );
  }

  /** True for an AttachmentTooLargeError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AttachmentTooLargeError {
    return KithError.hasMarker(error, marker);
  }
}
