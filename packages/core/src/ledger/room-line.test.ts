import type { UUID } from '../types/primitives';
import { RoomLine } from './room-line';

const ROOM = 'room-a' as UUID;
const OTHER = 'room-b' as UUID;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RoomLine', () => {
  it("gives a room's turns in arrival order, whatever order the messages leave in, while other rooms go on", async () => {
    const line = new RoomLine();
    const order: string[] = [];
    const first = line.enter(ROOM);
    const second = line.enter(ROOM);
    const elsewhere = line.enter(OTHER);
    void second.turn.then(() => order.push('second'));
    void first.turn.then(() => order.push('first'));
    void elsewhere.turn.then(() => order.push('elsewhere'));
    await settle();
    await settle();
    expect(order).toEqual(['first', 'elsewhere']);
    // The second leaves before the first: it still may not overtake it.
    second.done();
    await settle();
    expect(order).toEqual(['first', 'elsewhere']);
    first.done();
    elsewhere.done();
    await settle();
    await settle();
    expect(order).toEqual(['first', 'elsewhere', 'second']);
    await settle();
    expect(line.busyRooms).toBe(0);
  });

  it("lets a room's acceptances go one at a time when asked (a fleet), and a message that leaves early keeps its place", async () => {
    const line = new RoomLine();
    const first = line.enter(ROOM);
    const second = line.enter(ROOM);
    const third = line.enter(ROOM);
    const accepted: string[] = [];
    void third.acceptTurn.then(() => accepted.push('third'));
    void second.acceptTurn.then(() => accepted.push('second'));
    await settle();
    expect(accepted).toEqual([]);
    second.done();
    await settle();
    expect(accepted).toEqual([]);
    first.accepted();
    await settle();
    expect(accepted).toEqual(['second', 'third']);
  });

  it('tells a waiting message that a later one of its room was counted (superseded), not a repeat', () => {
    const line = new RoomLine();
    const first = line.enter(ROOM);
    const repeat = line.enter(ROOM);
    first.counted();
    repeat.done();
    expect(first.superseded()).toBe(false);
    const later = line.enter(ROOM);
    later.counted();
    expect(first.superseded()).toBe(true);
    expect(later.superseded()).toBe(false);
    // Not counted (a repeat): never superseded.
    expect(repeat.superseded()).toBe(false);
  });

  it("stamps a room's arrivals strictly increasing from the time given, each room on its own", () => {
    const line = new RoomLine();
    const a = line.enter(ROOM);
    const b = line.enter(ROOM);
    const c = line.enter(OTHER);
    expect(a.stamp(1_000)).toBe(1_000);
    expect(b.stamp(1_000)).toBe(1_001);
    expect(c.stamp(900)).toBe(900);
    expect(a.stamp(5_000)).toBe(5_000);
  });

  it('keeps an idle room stamped after its burst while the burst is still ahead of the wall clock', async () => {
    const line = new RoomLine();
    const ahead = Date.now() + 60_000;
    const burst = line.enter(ROOM);
    expect(burst.stamp(ahead)).toBe(ahead);
    burst.done();
    await settle();
    expect(line.busyRooms).toBe(0);
    expect(line.enter(ROOM).stamp()).toBe(ahead + 1);
  });
});
