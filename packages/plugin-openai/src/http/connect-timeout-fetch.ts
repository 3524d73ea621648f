import { Agent, fetch as undiciFetch } from 'undici';

/**
 * One connection pool per connect timeout, kept for the process: settings are read per call, and a
 * pool per request would lose keep-alive. Only a handful of distinct values ever exist (one per
 * character at most), so the map stays small. Idle sockets are unref'd by undici and hold no exit.
 */
const agents = new Map<number, Agent>();

/**
 * A fetch whose TCP connect plus TLS handshake must finish within `timeoutMs` (undici's own default
 * is 10 s, too long to learn that a host drops packets). It is undici's fetch, not the global one:
 * a dispatcher from this undici copy handed to another major's fetch (Node 26 bundles undici 8) is
 * rejected, so the fetch and its dispatcher come from the same package.
 */
export function connectTimeoutFetch(timeoutMs: number): typeof fetch {
  let agent = agents.get(timeoutMs);
  if (!agent) {
    agent = new Agent({ connect: { timeout: timeoutMs } });
    agents.set(timeoutMs, agent);
  }
  const dispatcher = agent;
  // undici's Request and Response are the classes Node's global fetch is built on; only their
  // TypeScript declarations (undici vs undici-types) differ.
  return (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input, {
      ...init,
      dispatcher,
    });
}

/** Whether a fetch failure is undici's connect timeout (the cause of its "fetch failed" TypeError). */
export function isConnectTimeout(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return (cause as { code?: unknown } | undefined)?.code === 'UND_ERR_CONNECT_TIMEOUT';
}
