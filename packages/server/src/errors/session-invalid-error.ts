import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'SessionInvalidError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * A session token that this server did not sign with its current secret:
 * tampered, malformed, of another algorithm, or signed before the secret was
 * rotated. The message never says which, so a forger learns nothing.
 */
export class SessionInvalidError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(options?: { cause?: unknown }) {
    super(
      ServerErrorCode.SESSION_INVALID,
      'The session token is not valid here: ask for a new session (POST /api/sessions).',
      options,
    );
  }

  /** True for a SessionInvalidError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SessionInvalidError {
    return KithError.hasMarker(error, marker);
  }
}
