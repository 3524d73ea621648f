import { cacheExpiry, isExpired } from '../../shared/cache/cache-expiry';
import type { PgStoreContext } from './store-context';

/** The value, or undefined when absent or expired (an expired entry is deleted). */
export async function getCache<T>(ctx: PgStoreContext, key: string): Promise<T | undefined> {
  const { rows } = await ctx.conn.driver.query<{ value: T | null; expires_at: number | null }>({
    text: 'SELECT value, expires_at FROM cache WHERE key = $1 AND agent_id = $2',
    values: [key, ctx.agentId],
    name: 'kith_cache_get',
  });
  const row = rows[0];
  if (!row) return undefined;
  if (isExpired(row.expires_at)) {
    await deleteCache(ctx, key);
    return undefined;
  }
  return row.value ?? undefined;
}

/** Stores the value as JSON; with `ttlMs` it expires that many ms from now. */
export async function setCache<T>(ctx: PgStoreContext, key: string, value: T, ttlMs?: number): Promise<boolean> {
  const now = Date.now();
  const expiresAt = cacheExpiry(now, ttlMs);
  await ctx.conn.driver.query({
    text: `INSERT INTO cache (key, agent_id, value, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (key, agent_id) DO UPDATE SET value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    values: [key, ctx.agentId, value === undefined ? null : JSON.stringify(value), now, expiresAt],
    name: 'kith_cache_set',
  });
  return true;
}

/** True when an entry was deleted. */
export async function deleteCache(ctx: PgStoreContext, key: string): Promise<boolean> {
  const { rowCount } = await ctx.conn.driver.query({
    text: 'DELETE FROM cache WHERE key = $1 AND agent_id = $2',
    values: [key, ctx.agentId],
  });
  return rowCount > 0;
}
