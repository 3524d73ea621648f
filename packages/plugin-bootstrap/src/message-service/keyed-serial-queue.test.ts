import { KeyedSerialQueue } from './keyed-serial-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedSerialQueue', () => {
  it('runs tasks of one key in order, one at a time, and keys concurrently', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    const task = (key: string, n: number) => async () => {
      log.push(`${key}${n}+`);
      await tick();
      log.push(`${key}${n}-`);
    };
    await Promise.all([queue.run('a', task('a', 1)), queue.run('a', task('a', 2)), queue.run('b', task('b', 1))]);
    expect(log.filter((e) => e.startsWith('a'))).toEqual(['a1+', 'a1-', 'a2+', 'a2-']);
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'));
  });

  it('keeps going after a failing task and forgets idle keys', async () => {
    const queue = new KeyedSerialQueue();
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', async () => 42)).resolves.toBe(42);
    await tick();
    expect(queue.busyKeys).toBe(0);
  });
});
