import { Semaphore } from './semaphore';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('never lets more than `permits` holders run, and serves waiters FIFO', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(semaphore.waiting).toBe(3);
    while (gates.length > 0) {
      gates.shift()?.();
      await tick();
    }
    await Promise.all(jobs);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(semaphore.free).toBe(2);
  });

  it('releases the permit when the job throws, and a double release is harmless', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const release = await semaphore.acquire();
    release();
    release();
    expect(semaphore.free).toBe(1);
  });

  it('refuses fewer than one permit', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow('at least 1 permit');
  });
});

describe('Semaphore, elizaOS 1.x style', () => {
  it('release() without the returned function gives back a permit, letting the next waiter in', async () => {
    const semaphore = new Semaphore(1);
    await semaphore.acquire();
    let second = false;
    const waiting = semaphore.acquire().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    semaphore.release();
    await waiting;
    expect(second).toBe(true);
    semaphore.release();
    expect(semaphore.free).toBe(1);
    // Nothing held: release() does nothing.
    semaphore.release();
    expect(semaphore.free).toBe(1);
  });
});
