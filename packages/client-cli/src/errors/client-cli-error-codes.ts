/** Stable codes of the errors @kith/client-cli raises. docs/errors.md lists the same set. */
export const ClientCliErrorCode = {
  CHAT_TURN_FAILED: 'KITH_CHAT_TURN_FAILED',
} as const;

export type ClientCliErrorCodeName = (typeof ClientCliErrorCode)[keyof typeof ClientCliErrorCode];
