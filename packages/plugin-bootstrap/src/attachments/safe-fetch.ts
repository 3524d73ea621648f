import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { KithError, TimeoutError } from '@kith/core';
import { classifyAddress, isPublicAddress } from './address-policy';
import { redactUrl } from './redact-url';
import { AttachmentFetchError, AttachmentTooLargeError, AttachmentUrlRefusedError } from './errors';

export const DEFAULT_ATTACHMENT_MAX_BYTES = 1024 * 1024;
export const DEFAULT_ATTACHMENT_TIMEOUT_MS = 10_000;
export const DEFAULT_ATTACHMENT_MAX_REDIRECTS = 3;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** Skip the address policy (ALLOW_PRIVATE_ATTACHMENT_URLS=true). Schemes are checked regardless. */
  allowPrivate?: boolean;
  /** Body size limit in bytes; the download stops once it is passed. Default 1 MiB. */
  maxBytes?: number;
  /** One deadline for the whole fetch: every hop's connect, headers and body. Default 10 s. */
  timeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Which connected-to addresses are acceptable. Default: public unicast
   * only, or every address when `allowPrivate` is set. Tests narrow it.
   */
  isAllowedAddress?: (address: string) => boolean;
  /** Host name resolution. Default: dns.lookup with `all: true`. */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface SafeFetchResult {
  status: number;
  /** The Content-Type header as sent ('' when absent). */
  contentType: string;
  body: Buffer;
  /** The URL of the last hop, after redirects. */
  finalUrl: string;
}

interface FetchContext {
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  timedOut: () => boolean;
  headers: Record<string, string>;
  isAllowed: (address: string) => boolean;
  resolveHost: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The redacted URL the caller asked for, named when a redirect hop fails. */
  origin: string;
}

type HopOutcome = { kind: 'redirect'; location: string } | { kind: 'done'; result: SafeFetchResult };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches an attachment with the guards an agent needs when strangers send
 * it URLs: http(s) only; no loopback, private, link-local or other
 * non-public address (unless `allowPrivate`), checked on the address each
 * connection actually uses, so DNS rebinding cannot slip past; redirects
 * followed by hand and re-checked; a byte cap enforced while streaming; one
 * deadline for everything.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = positiveInteger('maxBytes', options.maxBytes ?? DEFAULT_ATTACHMENT_MAX_BYTES);
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs ?? DEFAULT_ATTACHMENT_TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? DEFAULT_ATTACHMENT_MAX_REDIRECTS;
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0)
    throw new RangeError(`maxRedirects must be a non-negative integer, got ${maxRedirects}`);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  const context: FetchContext = {
    maxBytes,
    timeoutMs,
    signal: controller.signal,
    timedOut: () => timedOut,
    headers: { 'user-agent': 'kith-attachments', accept: '*/*', 'accept-encoding': 'identity', ...options.headers },
    isAllowed: options.isAllowedAddress ?? (options.allowPrivate ? () => true : isPublicAddress),
    resolveHost: options.resolveHost ?? resolveWithDns,
    origin: redactUrl(url),
  };

  try {
    let current = parseFetchableUrl(url, context, 0);
    for (let hop = 0; ; hop++) {
      const outcome = await fetchHop(current, context, hop);
      if (outcome.kind === 'done') return outcome.result;
      if (hop >= maxRedirects) throw new AttachmentFetchError(context.origin, `more than ${maxRedirects} redirects`);
      current = parseFetchableUrl(resolveLocation(outcome.location, current), context, hop + 1);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

async function resolveWithDns(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true });
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

function redirectNote(context: FetchContext, hop: number): string {
  return hop > 0 ? ` (reached by redirect from ${context.origin})` : '';
}

function parseFetchableUrl(raw: string, context: FetchContext, hop: number): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AttachmentUrlRefusedError(redactUrl(raw), 'invalid', `not a valid URL${redirectNote(context, hop)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AttachmentUrlRefusedError(
      redactUrl(raw),
      'scheme',
      `scheme ${url.protocol} is not fetched${redirectNote(context, hop)}`,
    );
  }
  return url;
}

function assertAllowedAddress(address: string, hostname: string, url: URL, context: FetchContext, hop: number): void {
  if (context.isAllowed(address)) return;
  const where = hostname === address ? `host ${hostname}` : `host ${hostname} resolves to ${address}, which`;
  throw new AttachmentUrlRefusedError(
    redactUrl(url.href),
    'address',
    `${where} is a ${describeRange(classifyAddress(address))} address${redirectNote(context, hop)}`,
  );
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    unicast: 'disallowed',
    private: 'private',
    loopback: 'loopback',
    linkLocal: 'link-local',
    uniqueLocal: 'unique-local (private)',
    carrierGradeNat: 'carrier-grade NAT',
    unspecified: 'unspecified',
    multicast: 'multicast',
    broadcast: 'broadcast',
    invalid: 'malformed',
  };
  return names[range] ?? `reserved (${range})`;
}

/**
 * A lookup for http.request that resolves the name and checks every answer
 * before the socket connects to one of them: the address validated is the
 * address used.
 */
function guardedLookup(url: URL, context: FetchContext, hop: number): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const wanted =
      lookupOptions.family === 4 || lookupOptions.family === 'IPv4'
        ? 4
        : lookupOptions.family === 6 || lookupOptions.family === 'IPv6'
          ? 6
          : 0;
    context
      .resolveHost(hostname)
      .then((answers) => {
        const addresses = answers.filter((answer) => wanted === 0 || answer.family === wanted);
        if (addresses.length === 0)
          throw new AttachmentFetchError(redactUrl(url.href), `host ${hostname} has no address`, { retryable: true });
        // Every answer is checked, not just the first: the socket may try several.
        for (const { address } of addresses) assertAllowedAddress(address, hostname, url, context, hop);
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''));
  };
}

function fetchHop(url: URL, context: FetchContext, hop: number): Promise<HopOutcome> {
  const shown = redactUrl(url.href);
  // An IP literal never reaches the lookup function, so it is checked here.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostname)) assertAllowedAddress(hostname, hostname, url, context, hop);
  if (context.signal.aborted) throw toFetchError(new Error('aborted'), shown, context);

  return new Promise<HopOutcome>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(toFetchError(error, shown, context));
      request.destroy();
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      // agent: false gives each hop a fresh socket, so no pooled connection skips the lookup.
      {
        method: 'GET',
        agent: false,
        headers: context.headers,
        lookup: guardedLookup(url, context, hop),
        signal: context.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          settled = true;
          response.destroy();
          resolve({ kind: 'redirect', location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          fail(new AttachmentFetchError(shown, `HTTP ${status}`, { retryable: status === 429 || status >= 500 }));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > context.maxBytes) {
          response.destroy();
          fail(new AttachmentTooLargeError(shown, context.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > context.maxBytes) {
            response.destroy();
            fail(new AttachmentTooLargeError(shown, context.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({
            kind: 'done',
            result: {
              status,
              contentType: response.headers['content-type'] ?? '',
              body: Buffer.concat(chunks, received),
              finalUrl: url.href,
            },
          });
        });
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('the connection closed before the body was complete'));
        });
      },
    );
    request.on('error', fail);
    request.end();
  });
}

function toFetchError(error: unknown, shown: string, context: FetchContext): KithError {
  if (KithError.isInstance(error)) return error;
  if (context.timedOut())
    return new TimeoutError(`Fetching attachment ${shown} (ATTACHMENT_TIMEOUT_MS)`, context.timeoutMs);
  if (context.signal.aborted) return new AttachmentFetchError(shown, 'aborted by the caller', { cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new AttachmentFetchError(shown, code && !message.includes(code) ? `${code}: ${message}` : message, {
    cause: error,
    retryable: true,
  });
}
