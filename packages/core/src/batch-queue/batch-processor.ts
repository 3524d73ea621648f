import { retryWithBackoff, type RetryOptions } from './retry';

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
  private readonly maxParallel: number;

  constructor(private readonly options: BatchProcessorOptions<T, R>) {
    this.maxParallel = Math.max(1, Math.floor(options.maxParallel ?? 4));
  }

  async run(items: readonly T[]): Promise<BatchResult<T, R>> {
    let next = 0;
    return this.runFrom(() => (next < items.length ? { item: items[next++] } : undefined));
  }

  /**
   * Pulls items from `take` until it returns undefined, keeping up to
   * maxParallel in progress. Each item is taken only when a slot is free, so
   * a queue behind `take` keeps its priority order for late arrivals.
   */
  async runFrom(take: () => { item: T } | undefined): Promise<BatchResult<T, R>> {
    const result: BatchResult<T, R> = { succeeded: [], failed: [] };
    // Workers start one by one, each when the one before it found an item: a pass over one item
    // (the usual case in a conversation) runs one worker, not maxParallel of which all but one
    // find nothing to do.
    const workers: Promise<void>[] = [];
    const start = (): void => {
      const slot = workers.length;
      workers.push(Promise.resolve());
      workers[slot] = worker();
    };
    const worker = async (): Promise<void> => {
      for (let next = take(); next; next = take()) {
        const running = this.runOne(next.item, result);
        if (workers.length < this.maxParallel) start();
        await running;
      }
    };
    start();
    for (let index = 0; index < workers.length; index++) await workers[index];
    return result;
  }

  private async runOne(item: T, result: BatchResult<T, R>): Promise<void> {
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
  }
}
