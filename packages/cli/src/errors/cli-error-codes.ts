/**
 * Stable codes of the errors @kith/cli raises itself. docs/errors.md lists
 * the same set. (A ServerRequestError otherwise carries the server's code.)
 */
export const CliErrorCode = {
  SERVER_UNREACHABLE: 'KITH_SERVER_UNREACHABLE',
  NPM_FAILED: 'KITH_NPM_FAILED',
} as const;

export type CliErrorCodeName = (typeof CliErrorCode)[keyof typeof CliErrorCode];
