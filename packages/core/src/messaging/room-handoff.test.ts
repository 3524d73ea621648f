import { RoomHandoff } from './room-handoff';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RoomHandoff', () => {
  it('lets each message of a room go only after the earlier ones, whatever order they finish in', async () => {
    const handoff = new RoomHandoff();
    const order: string[] = [];
    const first = handoff.enter('room');
    const second = handoff.enter('room');
    const third = handoff.enter('room');
    void third.turn.then(() => order.push('third'));
    void second.turn.then(() => order.push('second'));
    void first.turn.then(() => order.push('first'));
    await tick();
    expect(order).toEqual(['first']);
    third.done(); // finished early: it still waits for the second
    await tick();
    expect(order).toEqual(['first']);
    first.done();
    await tick();
    expect(order).toEqual(['first', 'second']);
    second.done();
    await tick();
    expect(order).toEqual(['first', 'second', 'third']);
    expect(handoff.size).toBe(0);
  });

  it('keeps rooms apart', async () => {
    const handoff = new RoomHandoff();
    handoff.enter('a');
    const other = handoff.enter('b');
    let went = false;
    void other.turn.then(() => (went = true));
    await tick();
    expect(went).toBe(true);
  });
});
