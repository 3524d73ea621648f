import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The WebSocket path; browsers cannot set headers there, so it also takes `?apiKey=` and `?token=`. */
export const WS_PATH = '/ws';

// Comparing fixed-length digests keeps the comparison constant-time and hides the token's length.
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** True when `given` equals `expected`, in time independent of where they differ. */
export function apiKeyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function wsQuery(request: FastifyRequest, name: string): string | undefined {
  if (pathOf(request) !== WS_PATH) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The key a request presents: X-API-KEY, or `?apiKey=` on the WebSocket path. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  return wsQuery(request, 'apiKey');
}

/** The bearer token a request presents: `Authorization: Bearer`, or `?token=` on the WebSocket path. */
export function presentedBearer(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  if (request.headers.authorization !== undefined) return request.headers.authorization;
  return wsQuery(request, 'token');
}
