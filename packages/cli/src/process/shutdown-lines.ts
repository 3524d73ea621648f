import type { ShutdownSignal } from './wait-for-shutdown';

/** What the server says on the first Ctrl-C (or SIGTERM): it finishes the turns in flight before stopping. */
export function stoppingLine(signal: ShutdownSignal, agents: number): string {
  return `${signal}: finishing the turns in flight, then stopping ${agents} agent${agents === 1 ? '' : 's'} (Ctrl-C again stops at once)...`;
}

/** What it says on the second: what is kept and what is not. */
export function forcedLine(signal: ShutdownSignal): string {
  return `${signal} again: stopping at once. Nothing acknowledged is lost: every message taken is in the database and the next start answers those still unanswered; replies being written now are cut off.`;
}

/** The second signal's handler for waitForShutdown: says forcedLine, exits 130. */
export const exitForced = (signal: ShutdownSignal): never => {
  process.stderr.write(`${forcedLine(signal)}\n`);
  process.exit(130);
};
