/** When an entry set at `now` with `ttlMs` expires (epoch ms), or null for never. */
export function cacheExpiry(now: number, ttlMs: number | undefined): number | null {
  return ttlMs !== undefined && ttlMs > 0 ? now + ttlMs : null;
}

/** True when an entry with this expiry (epoch ms; PostgreSQL's int8 may arrive as text) has expired. */
export function isExpired(expiresAt: number | string | null): boolean {
  return expiresAt !== null && Number(expiresAt) <= Date.now();
}
