export type ShutdownSignal = 'SIGINT' | 'SIGTERM';

/**
 * Resolves with the first SIGINT or SIGTERM. A second signal while the
 * caller is still shutting down exits at once (code 130), so a stuck stop
 * can always be interrupted.
 */
export function waitForShutdown(
  onForced: (signal: ShutdownSignal) => void = () => process.exit(130),
): Promise<ShutdownSignal> {
  return new Promise((done) => {
    let received = false;
    const handler = (signal: ShutdownSignal) => {
      if (received) return onForced(signal);
      received = true;
      done(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}
