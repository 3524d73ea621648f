import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'UnauthorizedError';
const marker = Symbol.for(`kith.error.${name}`);

/** The server requires an API key and the request had none, or a wrong one. */
export class UnauthorizedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor() {
    super(
      ServerErrorCode.UNAUTHORIZED,
      'Missing or wrong API key: send the server token (KITH_SERVER_AUTH_TOKEN) in the X-API-KEY header.',
    );
  }

  /** True for an UnauthorizedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is UnauthorizedError {
    return KithError.hasMarker(error, marker);
  }
}
