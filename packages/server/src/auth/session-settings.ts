import { resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { SessionSecret } from './session-secret';

/** End-user sessions (createServer's `sessions` option; the KITH_SESSION_* / KITH_PUBLIC_SESSIONS variables otherwise). */
export interface SessionOptions {
  /** The HS256 key of session tokens (at least 32 bytes). Default: KITH_SESSION_SECRET, else generated into `dataDir`. */
  secret?: string;
  /** Where a generated secret is kept (file `session-secret`, mode 0600). Default: KITH_DATA_DIR, else `./.kith`. */
  dataDir?: string;
  /** POST /api/sessions without the admin key gives an anonymous session. Default: KITH_PUBLIC_SESSIONS, else false. */
  publicSessions?: boolean;
  /** Lifetime of a session the admin key asks for without ttlSeconds (default 86,400: a day). */
  ttlSeconds?: number;
  /** Lifetime of an anonymous session (default 604,800: a week). */
  anonymousTtlSeconds?: number;
  /** Anonymous sessions one address may get per minute (default 10). Default: KITH_PUBLIC_SESSIONS_PER_MINUTE. */
  anonymousPerMinute?: number;
}

export interface SessionSettings {
  secret: SessionSecret;
  publicSessions: boolean;
  ttlSeconds: number;
  anonymousTtlSeconds: number;
  anonymousPerMinute: number;
}

/** Longest lifetime a session may be given (30 days). */
export const MAX_SESSION_TTL_SECONDS = 30 * 24 * 3600;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', '']);

function flag(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new ConfigValidationError('@kith/server', [`${name}: must be true or false, got "${raw}"`]);
}

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigValidationError('@kith/server', [`${name}: must be a whole number, got "${raw}"`]);
  return Number(raw.trim());
}

/**
 * Session settings: options first, then the environment, then defaults.
 * Public sessions need an admin key: without one every request is admin, so
 * an anonymous visitor would be too.
 */
export function resolveSessionSettings(
  options: SessionOptions,
  env: Record<string, string | undefined>,
  authToken: string | undefined,
): SessionSettings {
  const secretValue = options.secret ?? (env.KITH_SESSION_SECRET || undefined);
  const publicSessions = options.publicSessions ?? flag('KITH_PUBLIC_SESSIONS', env.KITH_PUBLIC_SESSIONS) ?? false;
  if (publicSessions && !authToken)
    throw new ConfigValidationError('@kith/server', [
      'KITH_PUBLIC_SESSIONS: public sessions need KITH_SERVER_AUTH_TOKEN set; without an admin key every visitor would be admin',
    ]);
  const ttl = (name: string, value: number | undefined, fallback: number): number => {
    const seconds = value ?? fallback;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SESSION_TTL_SECONDS)
      throw new ConfigValidationError('@kith/server', [
        `${name}: must be a whole number of seconds from 1 to ${MAX_SESSION_TTL_SECONDS}`,
      ]);
    return seconds;
  };
  return {
    secret: new SessionSecret(
      secretValue !== undefined
        ? { value: secretValue }
        : { dataDir: resolve(options.dataDir ?? env.KITH_DATA_DIR ?? '.kith') },
    ),
    publicSessions,
    ttlSeconds: ttl('sessions.ttlSeconds', options.ttlSeconds, 86_400),
    anonymousTtlSeconds: ttl('sessions.anonymousTtlSeconds', options.anonymousTtlSeconds, 7 * 86_400),
    anonymousPerMinute:
      options.anonymousPerMinute ?? count('KITH_PUBLIC_SESSIONS_PER_MINUTE', env.KITH_PUBLIC_SESSIONS_PER_MINUTE) ?? 10,
  };
}
