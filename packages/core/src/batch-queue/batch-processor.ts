import { retryWithBackoff, type RetryOptions } from './retry';
import { Semaphore } from './semaphore';

export interface BatchProcessorOptions<T, R> {
  /** Processes one item. */
  process: (item: T, attempt: number) => Promise<R>;
  /** Items in flight at once (default 4). */
  maxParallel?: number;
  /** Attempts per item, first included (default 3). */
  maxAttempts?: number;
  retry?: Omit<RetryOptions, 'maxAttempts'>;
  /** Called once for an item whose every attempt failed. */
  onExhausted?: (item: T, error: unknown) => void | Promise<void>;
}

export interface BatchResult<T, R> {
  succeeded: { item: T; result: R }[];
  failed: { item: T; error: unknown }[];
}

/**
 * Runs items with bounded parallelism and per-item retries (exponential
 * backoff with jitter). One failing item never fails the batch.
 */
export class BatchProcessor<T, R> {
  private readonly semaphore: Semaphore;

  constructor(private readonly options: BatchProcessorOptions<T, R>) {
    this.semaphore = new Semaphore(Math.max(1, options.maxParallel ?? 4));
  }

  async run(items: readonly T[]): Promise<BatchResult<T, R>> {
    const result: BatchResult<T, R> = { succeeded: [], failed: [] };
    await Promise.all(
      items.map((item) =>
        this.semaphore.run(async () => {
          try {
            const value = await retryWithBackoff((attempt) => this.options.process(item, attempt), {
              ...this.options.retry,
              maxAttempts: this.options.maxAttempts ?? 3,
            });
            result.succeeded.push({ item, result: value });
          } catch (error) {
            result.failed.push({ item, error });
            await this.options.onExhausted?.(item, error);
          }
        }),
      ),
    );
    return result;
  }
}
