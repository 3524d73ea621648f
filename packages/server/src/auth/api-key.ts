import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors';

/** The WebSocket path; browsers cannot set headers there, so it also takes `?apiKey=`. */
export const WS_PATH = '/ws';

// Comparing fixed-length digests keeps the comparison constant-time and hides the token's length.
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** True when `given` equals `expected`, in time independent of where they differ. */
export function apiKeyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/** API and WebSocket routes need the key unless marked public (health); static files never do. */
function needsKey(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.public) return false;
  const path = pathOf(request);
  return path === '/api' || path.startsWith('/api/') || path === WS_PATH;
}

/** The key a request presents: X-API-KEY, or `?apiKey=` on the WebSocket path. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  if (pathOf(request) === WS_PATH) {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.apiKey === 'string') return query.apiKey;
  }
  return undefined;
}

/** With a token set, every API and WebSocket request must carry it in X-API-KEY. */
export function installApiKeyAuth(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  app.addHook('onRequest', async (request) => {
    if (!needsKey(request)) return;
    const key = presentedKey(request);
    if (key === undefined || !apiKeyMatches(key, token)) throw new UnauthorizedError();
  });
}
