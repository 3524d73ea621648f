import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'PayloadTooLargeError';
const marker = Symbol.for(`kith.error.${name}`);

/** A request body (or WebSocket message) was larger than the body limit. */
export class PayloadTooLargeError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly limitBytes: number) {
    super(
      ServerErrorCode.PAYLOAD_TOO_LARGE,
      `Request body is larger than the ${limitBytes}-byte limit; send less, or raise KITH_SERVER_BODY_LIMIT.`,
    );
  }

  /** True for a PayloadTooLargeError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PayloadTooLargeError {
    return KithError.hasMarker(error, marker);
  }
}
