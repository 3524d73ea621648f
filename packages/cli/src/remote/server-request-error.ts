import { KithError } from '@kith/core';

/** The server could not be reached at all (refused, timed out, bad URL). */
export const SERVER_UNREACHABLE = 'KITH_SERVER_UNREACHABLE';

/**
 * A request to a Kith server failed. `code` is the server's own error code
 * (KITH_AGENT_NOT_FOUND, KITH_UNAUTHORIZED, ...) or KITH_SERVER_UNREACHABLE.
 */
export class ServerRequestError extends KithError {
  constructor(
    code: string,
    message: string,
    readonly status: number | null,
    options: { cause?: unknown; retryable?: boolean } = {},
  ) {
    super(code, message, options);
  }
}
