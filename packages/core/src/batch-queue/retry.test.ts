import { backoffDelay, retryWithBackoff } from './retry';

describe('backoffDelay', () => {
  it('doubles from the base delay up to the cap', () => {
    const noJitter = { jitter: 0, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, noJitter))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('spreads each delay by the jitter fraction', () => {
    const options = { baseDelayMs: 1_000, jitter: 0.2 };
    expect(backoffDelay(1, { ...options, random: () => 0 })).toBe(800);
    expect(backoffDelay(1, { ...options, random: () => 0.5 })).toBe(1000);
    expect(backoffDelay(1, { ...options, random: () => 0.999999 })).toBe(1200);
  });
});

describe('retryWithBackoff', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('retries after exponentially growing delays until success', async () => {
    const attempts: number[] = [];
    const promise = retryWithBackoff(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return 'ok';
      },
      { maxAttempts: 5, baseDelayMs: 100, jitter: 0 },
    );
    await jest.advanceTimersByTimeAsync(99);
    expect(attempts).toEqual([1]);
    await jest.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(199);
    expect(attempts).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('ok');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('throws the last error once the attempts run out', async () => {
    let calls = 0;
    const promise = retryWithBackoff(
      async () => {
        calls++;
        throw new Error(`fail ${calls}`);
      },
      { maxAttempts: 3, baseDelayMs: 10, jitter: 0 },
    );
    const assertion = expect(promise).rejects.toThrow('fail 3');
    await jest.advanceTimersByTimeAsync(100);
    await assertion;
    expect(calls).toBe(3);
  });

  it('stops at once when shouldRetry says no', async () => {
    let calls = 0;
    await expect(
      retryWithBackoff(
        async () => {
          calls++;
          throw new Error('not retryable');
        },
        { maxAttempts: 5, shouldRetry: () => false },
      ),
    ).rejects.toThrow('not retryable');
    expect(calls).toBe(1);
  });

  it('asks shouldRetry again after the wait, so a caller that stopped meanwhile skips the next attempt', async () => {
    let calls = 0;
    let stopped = false;
    await expect(
      retryWithBackoff(
        async () => {
          calls++;
          throw new Error('down');
        },
        { maxAttempts: 5, shouldRetry: () => !stopped, sleep: async () => void (stopped = true) },
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(1);
  });
});
