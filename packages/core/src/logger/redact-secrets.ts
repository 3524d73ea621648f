/**
 * Patterns of credentials that can end up inside log text: bearer tokens,
 * OpenAI-style keys and the user:password part of a URL. Kept short so the
 * check stays cheap on every line.
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, '$1 [redacted]'],
  [/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '$1-[redacted]'],
  [/(\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1[redacted]@'],
];
const MAYBE_SECRET = /bearer|basic|sk-|pk-|rk-|@/i;

/** Replaces credentials found in `text` with `[redacted]`. */
export function redactSecrets(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Object keys whose values never reach a log line (pino `redact` paths, one
 * and two levels deep): settings and headers that hold credentials.
 */
const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'token',
  'accessToken',
  'refreshToken',
  'password',
  'secret',
  'secrets',
  'authorization',
  'cookie',
  'headers.authorization',
  'headers.cookie',
  '["x-api-key"]',
  'headers["x-api-key"]',
];

export const REDACT_PATHS: string[] = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => (key.startsWith('[') ? `*${key}` : `*.${key}`)),
];
