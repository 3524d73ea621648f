import type { Memory, UUID } from '@kith/core';
import { decodeCursor, encodeCursor, readPage } from './paging-cursor';

const memory = (n: number, createdAt: number): Memory => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as UUID,
  entityId: '11111111-1111-4111-8111-111111111111',
  roomId: '22222222-2222-4222-8222-222222222222',
  content: { text: `m${n}` },
  createdAt,
});

/** Newest first, createdAt <= end, like an adapter's getMemories. */
function store(memories: Memory[]) {
  const sorted = [...memories].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
  return async (end: number | undefined, count: number) =>
    sorted.filter((m) => end === undefined || (m.createdAt ?? 0) <= end).slice(0, count);
}

describe('readPage', () => {
  it('walks memories that share a millisecond without skipping or repeating any', async () => {
    // Ten memories in three instants, read four at a time.
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => memory(n, n <= 4 ? 100 : n <= 9 ? 200 : 300));
    const fetch = store(all);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Memory[]; nextCursor: string | null } = await readPage(
        fetch,
        4,
        cursor ? decodeCursor(cursor) : undefined,
      );
      seen.push(...page.items.map((m) => m.id as string));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(seen).toEqual((await fetch(undefined, 100)).map((m) => m.id));
  });

  it('ends with a null cursor when the page holds the rest', async () => {
    const page = await readPage(store([memory(1, 1), memory(2, 2)]), 2, undefined);
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
  });

  it('round-trips a cursor and refuses anything else', () => {
    const cursor = { t: 5, ids: ['a', 'b'] };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      'garbage',
      Buffer.from('{"t":-1,"ids":[]}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(
        expect.objectContaining({ code: 'KITH_REQUEST_INVALID', path: 'query.cursor' }),
      );
    }
  });
});
