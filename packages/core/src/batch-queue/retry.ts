export interface RetryOptions {
  /** Attempts in all, including the first (default 3). */
  maxAttempts?: number;
  /** Delay before the first retry (default 100 ms); doubles each attempt. */
  baseDelayMs?: number;
  /** Upper bound of one delay (default 10 s). */
  maxDelayMs?: number;
  /** Fraction of the delay randomised, 0..1 (default 0.2), so retries of many items spread out. */
  jitter?: number;
  /** Return false to stop retrying an error (default: retry everything). Asked before the wait and again after it. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Sleep function; tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
  /** Random source in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with jitter for attempt `n` (1 = first retry). */
export function backoffDelay(attempt: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? 100;
  const max = options.maxDelayMs ?? 10_000;
  const jitter = Math.min(Math.max(options.jitter ?? 0.2, 0), 1);
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  const spread = exponential * jitter;
  return Math.max(0, Math.round(exponential - spread + (options.random ?? Math.random)() * 2 * spread));
}

/** Runs `fn` until it succeeds or the attempts run out; the last error is thrown. */
export async function retryWithBackoff<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      const retry = attempt < maxAttempts && (options.shouldRetry?.(error, attempt) ?? true);
      if (!retry) throw error;
      await sleep(backoffDelay(attempt, options));
      // Asked again after the wait: a caller that stopped meanwhile (a queue being disposed) skips the next attempt.
      if (options.shouldRetry && !options.shouldRetry(error, attempt)) throw error;
    }
  }
}
