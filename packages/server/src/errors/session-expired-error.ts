import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'SessionExpiredError';
const marker = Symbol.for(`kith.error.${name}`);

/** A session token signed by this server whose time is up. */
export class SessionExpiredError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor() {
    super(ServerErrorCode.SESSION_EXPIRED, 'The session has expired: ask for a new one (POST /api/sessions).');
  }

  /** True for a SessionExpiredError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SessionExpiredError {
    return KithError.hasMarker(error, marker);
  }
}
