import { BatchProcessor } from './batch-processor';

describe('BatchProcessor', () => {
  it('never runs more than maxParallel items at once', async () => {
    let running = 0;
    let peak = 0;
    const processor = new BatchProcessor<number, number>({
      maxParallel: 3,
      process: async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return n * 2;
      },
    });
    const result = await processor.run(Array.from({ length: 50 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(result.succeeded.map((s) => s.result).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 2),
    );
    expect(result.failed).toEqual([]);
  });

  it('starts workers only as items turn up: one item asks the source three times, not once per slot', async () => {
    const processor = new BatchProcessor<string, string>({
      maxParallel: 8,
      process: async (item) => item.toUpperCase(),
    });
    const items = ['only'];
    let asked = 0;
    const result = await processor.runFrom(() => (asked++, items.length > 0 ? { item: items.shift()! } : undefined));
    expect(result.succeeded).toEqual([{ item: 'only', result: 'ONLY' }]);
    // The first worker takes the item and starts a second, which finds nothing; the first then finds nothing.
    expect(asked).toBe(3);
  });

  it('retries a failing item with backoff, then calls onExhausted once', async () => {
    jest.useFakeTimers();
    try {
      const attempts = new Map<string, number>();
      const exhausted: string[] = [];
      const processor = new BatchProcessor<string, string>({
        maxAttempts: 3,
        retry: { baseDelayMs: 50, jitter: 0 },
        process: async (item, attempt) => {
          attempts.set(item, attempt);
          if (item === 'bad' || (item === 'flaky' && attempt < 2)) throw new Error(`${item} failed`);
          return item.toUpperCase();
        },
        onExhausted: (item) => void exhausted.push(item),
      });
      const running = processor.run(['good', 'flaky', 'bad']);
      await jest.advanceTimersByTimeAsync(49);
      expect(attempts.get('flaky')).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(attempts.get('flaky')).toBe(2);
      await jest.advanceTimersByTimeAsync(100); // bad: second retry after 100 ms
      const result = await running;
      expect(attempts.get('bad')).toBe(3);
      expect(exhausted).toEqual(['bad']);
      expect(result.succeeded.map((s) => s.result).sort()).toEqual(['FLAKY', 'GOOD']);
      expect(result.failed.map((f) => [f.item, (f.error as Error).message])).toEqual([['bad', 'bad failed']]);
    } finally {
      jest.useRealTimers();
    }
  });
});
