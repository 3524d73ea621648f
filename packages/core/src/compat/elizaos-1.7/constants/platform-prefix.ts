/** Prefixes elizaOS connectors put before platform ids (values as in elizaOS 1.7). */
export enum PlatformPrefix {
  DISCORD = 'DISCORD',
  TELEGRAM = 'TELEGRAM',
  TWITTER = 'TWITTER',
}
