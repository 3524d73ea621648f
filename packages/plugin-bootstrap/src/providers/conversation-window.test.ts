import type { Memory, UUID } from '@kith/core';
import { maxWindow, windowCount } from './conversation-window';

/** Messages newest first, ids m<n> with n counting up from the oldest. */
function room(count: number): Memory[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${count - i}` as UUID,
    entityId: 'e' as UUID,
    roomId: 'r' as UUID,
    content: { text: `${count - i}` },
  }));
}

describe('windowCount', () => {
  it('starts a block at the newest `length` messages and keeps its first message while the block lasts', () => {
    const first = windowCount(room(30), 20, 40, 0, undefined);
    expect(first).toEqual({ count: 20, start: { block: 0, firstId: 'm11' } });
    expect(windowCount(room(32), 20, 40, 0, first.start).count).toBe(22);
    expect(windowCount(room(40), 20, 40, 0, first.start).count).toBe(30);
  });

  it('starts again at the next block, past `max`, or when its first message is gone', () => {
    const start = { block: 0, firstId: 'm11' as UUID };
    expect(windowCount(room(34), 20, 40, 1, start)).toEqual({ count: 20, start: { block: 1, firstId: 'm15' } });
    expect(windowCount(room(51), 20, 40, 0, start)).toEqual({ count: 20, start: { block: 0, firstId: 'm32' } });
    expect(
      windowCount(
        room(30).filter((m) => m.id !== ('m11' as UUID)),
        20,
        40,
        0,
        start,
      ).start.firstId,
    ).toBe('m10');
  });

  it("grows from the room's first message while the room is shorter than `length`", () => {
    const empty = windowCount([], 20, 40, 0, undefined);
    expect(empty).toEqual({ count: 0, start: { block: 0, firstId: null } });
    expect(windowCount([], 20, 40, 0, empty.start).count).toBe(0);
    expect(windowCount(room(2), 20, 40, 0, empty.start).count).toBe(2);
    expect(windowCount(room(40), 20, 40, 0, empty.start).count).toBe(40);
    // More than `max` read: the room has more than the window may show.
    expect(windowCount(room(41), 20, 40, 0, empty.start)).toEqual({ count: 20, start: { block: 0, firstId: 'm22' } });
  });

  it('shows nothing with a conversation length of 0', () => {
    expect(windowCount(room(5), 0, 0, 3, undefined).count).toBe(0);
  });
});

describe('maxWindow', () => {
  it('leaves room for a message and a reply per turn of a block, and none when every turn is its own block', () => {
    expect(maxWindow(20, 10)).toBe(40);
    expect(maxWindow(20, 1)).toBe(20);
  });
});
