import { and, eq } from 'drizzle-orm';
import { cache } from '../schema';
import { cacheExpiry, isExpired } from '../../shared/cache/cache-expiry';
import type { StoreContext } from './store-context';

function keyOf(ctx: StoreContext, key: string) {
  return and(eq(cache.key, key), eq(cache.agentId, ctx.agentId));
}

/** The value, or undefined when absent or expired (an expired entry is deleted). */
export function getCache<T>(ctx: StoreContext, key: string): T | undefined {
  const row = ctx.conn.db.select().from(cache).where(keyOf(ctx, key)).get();
  if (!row) return undefined;
  if (isExpired(row.expiresAt)) {
    ctx.conn.db.delete(cache).where(keyOf(ctx, key)).run();
    return undefined;
  }
  return (row.value ?? undefined) as T | undefined;
}

/** Stores the value as JSON; with `ttlMs` it expires that many ms from now. */
export function setCache<T>(ctx: StoreContext, key: string, value: T, ttlMs?: number): boolean {
  const now = Date.now();
  const expiresAt = cacheExpiry(now, ttlMs);
  const stored = value === undefined ? null : value;
  ctx.conn.db
    .insert(cache)
    .values({ key, agentId: ctx.agentId, value: stored, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: [cache.key, cache.agentId], set: { value: stored, createdAt: now, expiresAt } })
    .run();
  return true;
}

/** True when an entry was deleted. */
export function deleteCache(ctx: StoreContext, key: string): boolean {
  return ctx.conn.db.delete(cache).where(keyOf(ctx, key)).run().changes > 0;
}
