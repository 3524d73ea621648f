import { type Memory } from '@kith/core';
import { z } from 'zod';
import { RequestValidationError } from '../errors';

/**
 * Where a newest-first page ended: the createdAt of its last memory and the
 * ids already returned at that instant (memories can share a millisecond).
 */
export interface PageCursor {
  t: number;
  ids: string[];
}

const cursorSchema = z.strictObject({ t: z.number().int().nonnegative(), ids: z.array(z.string().max(64)).max(1000) });

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): PageCursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: not base64url JSON
  }
  throw new RequestValidationError(
    'query.cursor',
    'is not a cursor this server issued; pass nextCursor from the previous page unchanged',
  );
}

/**
 * One page of memories, newest first. `fetch(end, count)` reads memories with
 * createdAt <= end (newest first); the page skips those the cursor already
 * returned and says where the next one starts (null at the end).
 */
export async function readPage(
  fetch: (end: number | undefined, count: number) => Promise<Memory[]>,
  limit: number,
  cursor: PageCursor | undefined,
): Promise<{ items: Memory[]; nextCursor: string | null }> {
  const seen = new Set(cursor?.ids ?? []);
  const batch = await fetch(cursor?.t, limit + seen.size + 1);
  const fresh = batch.filter((memory) => !memory.id || !seen.has(memory.id));
  const items = fresh.slice(0, limit);
  if (fresh.length <= limit || items.length === 0) return { items, nextCursor: null };
  const last = items[items.length - 1];
  const t = last.createdAt ?? 0;
  const sameInstant = items.filter((memory) => (memory.createdAt ?? 0) === t).map((memory) => memory.id as string);
  const ids = cursor && cursor.t === t ? [...cursor.ids, ...sameInstant] : sameInstant;
  return { items, nextCursor: encodeCursor({ t, ids }) };
}
