import { ConfigValidationError, type IAgentRuntime, type Logger } from '@kith/core';
import type { FastifyInstance } from 'fastify';
import type { AgentFactory } from './agents/agent-factory';
import { z } from 'zod';
import type { SessionOptions } from './auth/session-settings';

export interface RateLimitSettings {
  /** Requests (and WebSocket messages) one address may send per window. */
  max: number;
  timeWindowMs: number;
  /**
   * Limit loopback clients (127.0.0.0/8, ::1) too. Default false: a bridge, a load test or the web
   * page on this machine is not throttled. Behind a reverse proxy on the same machine, set
   * `trustProxy` (so each request carries its client's address) or set this.
   */
  limitLoopback?: boolean;
  /** Limit requests that carry the valid API key too. Default false: an authenticated client is trusted. */
  limitApiKey?: boolean;
}

export interface KithServerOptions {
  /** Agents to serve from the start (initialised if they are not yet). More with `addAgent`. */
  agents?: IAgentRuntime[];
  /** Fastify logs through this pino logger (default: core's createLogger, namespace `server`). */
  logger?: Logger;
  /** When set, every route but GET /api/health needs it in X-API-KEY. Default: KITH_SERVER_AUTH_TOKEN. */
  authToken?: string;
  /** End-user sessions (POST /api/sessions, Authorization: Bearer): secret, public sessions, lifetimes. */
  sessions?: SessionOptions;
  /** Origins allowed cross-origin: a list, `'*'`, or false (same origin only). Default: KITH_SERVER_CORS_ORIGINS (comma-separated), else false. */
  cors?: string[] | '*' | false;
  /**
   * Per-address limit for remote clients without the API key, or false. Default:
   * KITH_SERVER_RATE_LIMIT_MAX (300) per KITH_SERVER_RATE_LIMIT_WINDOW_MS (60,000); loopback clients
   * and requests with the valid key are limited only with KITH_SERVER_RATE_LIMIT_LOOPBACK=true and
   * KITH_SERVER_RATE_LIMIT_API_KEY=true (`limitLoopback`, `limitApiKey`).
   */
  rateLimit?: RateLimitSettings | false;
  /** Largest request body (and WebSocket message) in bytes. Default: KITH_SERVER_BODY_LIMIT, else 1 MiB. */
  bodyLimit?: number;
  /**
   * A folder served at `/` (index.html for `/`), without an API key. Default: the bundled web chat
   * page (`WEB_CHAT_DIR`); false serves nothing at `/`.
   */
  staticDir?: string | false;
  /** Called with the Fastify instance after the API routes are registered: add routes, hooks or plugins. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Runs kept per agent (default 200) and steps kept per run (default 300). */
  runs?: { maxRuns?: number; maxEventsPerRun?: number };
  /** Each health check's time limit (default 2,000 ms). */
  healthCheckTimeoutMs?: number;
  /** Whether close() and removeAgent() stop the agents' runtimes (default true). */
  stopAgentsOnClose?: boolean;
  /**
   * Behind a reverse proxy: trust its X-Forwarded-For / -Proto / -Host, so rate
   * limits and logs see each client's address. `true` trusts every hop, a
   * number that many hops, a list those proxy addresses or CIDR ranges.
   * Default: KITH_SERVER_TRUST_PROXY (`true`, a hop count, or comma-separated
   * addresses), else false.
   */
  trustProxy?: TrustProxy;
  /** Environment to read settings from (default process.env). */
  env?: Record<string, string | undefined>;
  /**
   * Makes agents at run time (POST/PATCH/DELETE /api/agents): without it the server runs only the
   * agents it is given. `kith start` passes one built on its character validation and plugin loading.
   */
  agentFactory?: AgentFactory;
  /** Where the `agents` given come from, shown by the API and the web page (default 'file'). */
  agentSource?: 'file' | 'project';
  /** How often the agents table is read for studio agents made, changed or deleted by another server (default 2,000 ms). */
  agentSyncMs?: number;
}

/** Which proxies' forwarded headers the server believes (Fastify's trustProxy). */
export type TrustProxy = boolean | number | string[];

export interface ResolvedServerSettings {
  authToken: string | undefined;
  trustProxy: TrustProxy;
  cors: string[] | '*' | false;
  rateLimit: RateLimitSettings | false;
  bodyLimit: number;
  healthCheckTimeoutMs: number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 300, timeWindowMs: 60_000 };

const positiveInt = (name: string) =>
  z.string().trim().regex(/^\d+$/, `${name} must be a whole number`).transform(Number).optional();

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};
const booleanWord = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || value in BOOLEAN_WORDS, `${name} must be true or false`)
    .transform((value) => (value === '' ? undefined : BOOLEAN_WORDS[value]))
    .optional();

const envSchema = z.object({
  KITH_SERVER_AUTH_TOKEN: z.string().optional(),
  KITH_SERVER_CORS_ORIGINS: z.string().optional(),
  KITH_SERVER_RATE_LIMIT_MAX: positiveInt('KITH_SERVER_RATE_LIMIT_MAX'),
  KITH_SERVER_RATE_LIMIT_WINDOW_MS: positiveInt('KITH_SERVER_RATE_LIMIT_WINDOW_MS'),
  KITH_SERVER_RATE_LIMIT_LOOPBACK: booleanWord('KITH_SERVER_RATE_LIMIT_LOOPBACK'),
  KITH_SERVER_RATE_LIMIT_API_KEY: booleanWord('KITH_SERVER_RATE_LIMIT_API_KEY'),
  KITH_SERVER_BODY_LIMIT: positiveInt('KITH_SERVER_BODY_LIMIT'),
  KITH_SERVER_TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        value in BOOLEAN_WORDS ||
        /^\d+$/.test(value) ||
        /^[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*$/.test(value),
      'KITH_SERVER_TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated proxy addresses (CIDR allowed)',
    )
    .transform((value): TrustProxy | undefined => {
      if (value === '') return undefined;
      // Digits are a hop count (`1`: the one proxy in front), not the boolean words' `1`/`0`.
      if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
      if (value.toLowerCase() in BOOLEAN_WORDS) return BOOLEAN_WORDS[value.toLowerCase()];
      return value.split(',').map((address) => address.trim());
    })
    .optional(),
});

function parseCors(raw: string | undefined): string[] | '*' | false {
  const value = raw?.trim();
  if (!value) return false;
  if (value === '*') return '*';
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The server's settings: explicit options first, then KITH_SERVER_* variables, then defaults. */
export function resolveServerSettings(options: KithServerOptions): ResolvedServerSettings {
  const parsed = envSchema.safeParse(options.env ?? process.env);
  if (!parsed.success) {
    throw new ConfigValidationError(
      '@kith/server',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const envRateLimit =
    env.KITH_SERVER_RATE_LIMIT_MAX === 0
      ? false
      : {
          max: env.KITH_SERVER_RATE_LIMIT_MAX ?? DEFAULT_RATE_LIMIT.max,
          timeWindowMs: env.KITH_SERVER_RATE_LIMIT_WINDOW_MS || DEFAULT_RATE_LIMIT.timeWindowMs,
          ...(env.KITH_SERVER_RATE_LIMIT_LOOPBACK ? { limitLoopback: true } : {}),
          ...(env.KITH_SERVER_RATE_LIMIT_API_KEY ? { limitApiKey: true } : {}),
        };
  const bodyLimit = options.bodyLimit ?? (env.KITH_SERVER_BODY_LIMIT || DEFAULT_BODY_LIMIT);
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1)
    throw new ConfigValidationError('@kith/server', [
      `bodyLimit: must be a positive whole number of bytes, got ${bodyLimit}`,
    ]);
  return {
    authToken: (options.authToken ?? env.KITH_SERVER_AUTH_TOKEN) || undefined,
    trustProxy: options.trustProxy ?? env.KITH_SERVER_TRUST_PROXY ?? false,
    cors: options.cors ?? parseCors(env.KITH_SERVER_CORS_ORIGINS),
    rateLimit: options.rateLimit ?? envRateLimit,
    bodyLimit,
    healthCheckTimeoutMs: options.healthCheckTimeoutMs ?? 2000,
  };
}
