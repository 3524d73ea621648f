import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'ForbiddenError';
const marker = Symbol.for(`kith.error.${name}`);

/** A valid session asked for something only the admin key may do, or for an agent its session does not name. */
export class ForbiddenError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly what: string,
    hint = 'that needs the admin key (X-API-KEY)',
  ) {
    super(ServerErrorCode.FORBIDDEN, `A session may not ${what}: ${hint}.`);
  }

  /** True for a ForbiddenError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ForbiddenError {
    return KithError.hasMarker(error, marker);
  }
}
