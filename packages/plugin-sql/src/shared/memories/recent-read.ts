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

/** A room's newest rows of one table as a cache holds them, newest first. */
export interface NewestRows<Row> {
  rows: Row[];
  /** True when the room holds no rows beyond these. */
  complete: boolean;
}

/**
 * Adds a just-committed row to a cached list of newest rows, in its place;
 * a row older than every one held is left out unless the list is complete
 * (more rows may exist in the database). The list stays at RECENT_CAPACITY.
 */
export function insertNewest<Row>(entry: NewestRows<Row>, row: Row, newer: (a: Row, b: Row) => boolean): void {
  let index = 0;
  while (index < entry.rows.length && !newer(row, entry.rows[index])) index += 1;
  if (index === entry.rows.length && !entry.complete) return;
  entry.rows.splice(index, 0, row);
  if (entry.rows.length > RECENT_CAPACITY) {
    entry.rows.pop();
    entry.complete = false;
  }
}
