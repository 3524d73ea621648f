import { KithError, type KithErrorOptions } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'InternalServerError';
const marker = Symbol.for(`kith.error.${name}`);

/** An unexpected failure while serving a request; the details stay in the server log. */
export class InternalServerError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly requestId: string,
    options?: KithErrorOptions,
  ) {
    super(
      ServerErrorCode.INTERNAL,
      `The server failed while handling this request (request id ${requestId}); its log has the details.`,
      options,
    );
  }

  /** True for an InternalServerError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is InternalServerError {
    return KithError.hasMarker(error, marker);
  }
}
