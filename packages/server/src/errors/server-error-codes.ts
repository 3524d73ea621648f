/**
 * Stable codes of the errors @kith/server raises (besides core's, e.g.
 * KITH_AGENT_NOT_FOUND). docs/errors.md lists the same set; a test checks it.
 */
export const ServerErrorCode = {
  REQUEST_INVALID: 'KITH_REQUEST_INVALID',
  UNAUTHORIZED: 'KITH_UNAUTHORIZED',
  SESSION_INVALID: 'KITH_SESSION_INVALID',
  SESSION_EXPIRED: 'KITH_SESSION_EXPIRED',
  FORBIDDEN: 'KITH_FORBIDDEN',
  RESOURCE_NOT_FOUND: 'KITH_RESOURCE_NOT_FOUND',
  AGENT_ALREADY_REGISTERED: 'KITH_AGENT_ALREADY_REGISTERED',
  RATE_LIMITED: 'KITH_RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'KITH_PAYLOAD_TOO_LARGE',
  INTERNAL: 'KITH_INTERNAL_ERROR',
} as const;

export type ServerErrorCodeName = (typeof ServerErrorCode)[keyof typeof ServerErrorCode];
