import { TimeoutError } from '../../../errors/timeout-error';

export interface ServerHealthOptions {
  port: number;
  /** Path polled (default `/api/agents`, elizaOS's server route). */
  endpoint?: string;
  /** How long `waitForServerReady` keeps trying, in ms (default 30000). */
  maxWaitTime?: number;
  /** Pause between attempts, in ms (default 1000). */
  pollInterval?: number;
  /** Limit of one request, in ms (default 2000). */
  requestTimeout?: number;
  host?: string;
  protocol?: 'http' | 'https';
}

/** Once the server answers, elizaOS waits this long more so it settles before it is used. */
const SETTLE_MS = 1000;

function urlOf(options: ServerHealthOptions): string {
  const { port, endpoint = '/api/agents', host = 'localhost', protocol = 'http' } = options;
  return `${protocol}://${host}:${port}${endpoint}`;
}

/** Whether one GET of `url` answers with a 2xx status within `timeoutMs`; false on refusal or timeout. */
async function answersOk(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Resolves once `GET <protocol>://<host>:<port><endpoint>` answers 2xx (then
 * waits one more second, as elizaOS does); polls every `pollInterval` ms and
 * throws a TimeoutError (KITH_TIMEOUT) naming the URL after `maxWaitTime` ms.
 * A refused or timed-out request counts as not ready yet (elizaOS 1.7.2
 * rejects at the first refused connection instead).
 */
export async function waitForServerReady(options: ServerHealthOptions): Promise<void> {
  const { maxWaitTime = 30_000, pollInterval = 1000, requestTimeout = 2000 } = options;
  const url = urlOf(options);
  const deadline = Date.now() + maxWaitTime;
  while (Date.now() < deadline) {
    const left = deadline - Date.now();
    if (await answersOk(url, Math.max(1, Math.min(requestTimeout, left)))) {
      await delay(SETTLE_MS);
      return;
    }
    await delay(Math.max(0, Math.min(pollInterval, deadline - Date.now())));
  }
  throw new TimeoutError(`waitForServerReady: the server at ${url}`, maxWaitTime);
}

/**
 * One check of the server's endpoint: true when it answers 2xx within
 * `requestTimeout` ms. A refused or timed-out request gives false (elizaOS
 * 1.7.2 rejects with the fetch error instead).
 */
export async function pingServer(options: ServerHealthOptions): Promise<boolean> {
  return answersOk(urlOf(options), options.requestTimeout ?? 2000);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
