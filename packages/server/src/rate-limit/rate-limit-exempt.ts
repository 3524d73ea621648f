import type { FastifyRequest } from 'fastify';
import { apiKeyMatches, presentedKey } from '../auth/api-key';
import type { RateLimitSettings } from '../server-options';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether the rate limit skips this request: loopback clients (a bridge, a
 * load test, the web page opened on this machine) unless `limitLoopback`, and
 * requests carrying the valid API key unless `limitApiKey`. The limit guards
 * against remote, unauthenticated clients.
 */
export function isRateLimitExempt(
  request: FastifyRequest,
  limit: RateLimitSettings,
  authToken: string | undefined,
): boolean {
  if (!limit.limitLoopback && isLoopbackAddress(request.ip)) return true;
  if (limit.limitApiKey || !authToken) return false;
  const key = presentedKey(request);
  return key !== undefined && apiKeyMatches(key, authToken);
}
