import { KithError } from '@kith/core';

const name = 'ServerRequestError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * A request to a Kith server failed. `code` is the server's own error code
 * (KITH_AGENT_NOT_FOUND, KITH_UNAUTHORIZED, ...) or, when the server could
 * not be reached at all, KITH_SERVER_UNREACHABLE (retryable).
 */
export class ServerRequestError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    code: string,
    message: string,
    readonly status: number | null,
    options: { cause?: unknown; retryable?: boolean } = {},
  ) {
    super(code, message, options);
  }

  /** True for a ServerRequestError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ServerRequestError {
    return KithError.hasMarker(error, marker);
  }
}
