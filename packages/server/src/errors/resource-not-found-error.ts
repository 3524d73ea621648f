import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'ResourceNotFoundError';
const marker = Symbol.for(`kith.error.${name}`);

/** A memory, room, run or route that does not exist (for this agent). */
export class ResourceNotFoundError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly resource: string,
    readonly id: string,
    hint?: string,
  ) {
    super(ServerErrorCode.RESOURCE_NOT_FOUND, `No ${resource} ${id} was found${hint ? `; ${hint}` : ''}.`);
  }

  /** True for a ResourceNotFoundError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ResourceNotFoundError {
    return KithError.hasMarker(error, marker);
  }
}
