import type { GetMemoriesParams } from '@kith/core';

/** Rows a recent-memories cache keeps per room and table: the recent-messages provider asks for 21 by default. */
export const RECENT_CAPACITY = 64;

/**
 * A room's newest memories of one table, with no other filter (at most
 * RECENT_CAPACITY, no offset): the read every turn makes, and what the
 * recent-memories caches of both dialects hold.
 */
export function isRecentRead(params: GetMemoriesParams): boolean {
  return (
    params.roomId !== undefined &&
    params.count !== undefined &&
    Number.isFinite(params.count) &&
    params.count >= 1 &&
    params.count <= RECENT_CAPACITY &&
    Math.max(0, Math.floor(params.offset ?? 0)) === 0 &&
    params.worldId === undefined &&
    params.entityId === undefined &&
    params.start === undefined &&
    params.end === undefined &&
    !params.unique
  );
}
