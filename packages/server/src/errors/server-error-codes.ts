/**
 * Stable codes of the errors @kith/server raises (besides core's, e.g.
 * KITH_AGENT_NOT_FOUND). docs/errors.md lists the same set; a test checks it.
 */
export const ServerErrorCode = {
  REQUEST_INVALID: 'KITH_REQUEST_INVALID',
  UNAUTHORIZED: 'KITH_UNAUTHORIZED',
  RESOURCE_NOT_FOUND: 'KITH_RESOURCE_NOT_FOUND',
  AGENT_ALREADY_REGISTERED: 'KITH_AGENT_ALREADY_REGISTERED',
  AGENT_NOT_EDITABLE: 'KITH_AGENT_NOT_EDITABLE',
  AGENT_VERSION_CONFLICT: 'KITH_AGENT_VERSION_CONFLICT',
  RATE_LIMITED: 'KITH_RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'KITH_PAYLOAD_TOO_LARGE',
  INTERNAL: 'KITH_INTERNAL_ERROR',
} as const;

export type ServerErrorCodeName = (typeof ServerErrorCode)[keyof typeof ServerErrorCode];
