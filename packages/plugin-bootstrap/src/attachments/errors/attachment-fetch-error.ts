import { KithError, type KithErrorOptions } from '@kith/core';
import { AttachmentErrorCode } from './attachment-error-codes';

const name = 'AttachmentFetchError';
const marker = Symbol.for(`kith.error.${name}`);

/** An attachment could not be fetched: network error, HTTP error status, too many redirects. */
export class AttachmentFetchError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly url: string,
    readonly problem: string,
    options?: KithErrorOptions,
  ) {
    super(
      AttachmentErrorCode.FETCH_FAILED,
      `Attachment ${url} could not be fetched: ${problem}. Check that the URL is reachable from the agent.`,
      options,
    );
  }

  /** True for an AttachmentFetchError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AttachmentFetchError {
    return KithError.hasMarker(error, marker);
  }
}
