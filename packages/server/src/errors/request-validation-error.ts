import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'RequestValidationError';
const marker = Symbol.for(`kith.error.${name}`);

/** A request (HTTP or WebSocket) had a bad value; `path` names it: `body.text`, `params.agentId`, `query.limit`. */
export class RequestValidationError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(
      ServerErrorCode.REQUEST_INVALID,
      path ? `Invalid request: ${path}: ${problem}` : `Invalid request: ${problem}`,
    );
  }

  /** True for a RequestValidationError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is RequestValidationError {
    return KithError.hasMarker(error, marker);
  }
}
