import { randomUuid } from '../uuid/uuid';
import { ArrivalClock } from './arrival-clock';

describe('ArrivalClock', () => {
  it('keeps the wall clock, moving a stamp past the last one of its room only when needed', () => {
    const clock = new ArrivalClock();
    const [room, other] = [randomUuid(), randomUuid()];
    expect([clock.stamp(room, 100), clock.stamp(room, 100), clock.stamp(room, 99), clock.stamp(room, 500)]).toEqual([
      100, 101, 102, 500,
    ]);
    expect(clock.stamp(other, 100)).toBe(100);
  });
});
