import { QueueDisposedError } from '../errors';
import type { Logger } from '../logger/logger';
import type { IAgentRuntime } from '../types/runtime';
import { BatchProcessor, type BatchResult } from './batch-processor';
import { PriorityQueue, type Priority } from './priority-queue';
import { trackQueueDepth } from './queue-depths';
import type { RetryOptions } from './retry';
import { TaskDrain } from './task-drain';

export interface BatchQueueOptions<T> {
  runtime: IAgentRuntime;
  name: string;
  /** Handles a batch of items (e.g. one embedding request with array input). */
  processBatch: (items: T[], attempt: number) => Promise<void>;
  /** Items per batch (default 32). */
  batchSize?: number;
  /** Batches in flight at once (default 2). */
  maxParallel?: number;
  /** Attempts per batch (default 3). */
  maxAttempts?: number;
  retry?: Omit<RetryOptions, 'maxAttempts'>;
  /** Queue bound; the oldest low-priority items are dropped first. */
  maxSize?: number;
  intervalMs?: number;
  maxIdleIntervalMs?: number;
  /** Worker name shared with other queues (their drains tell themselves apart). */
  taskName?: string;
  skipRegisterWorker?: boolean;
  onExhausted?: (items: T[], error: unknown) => void | Promise<void>;
  /** Drain right after every enqueue, not only high-priority ones (for latency-sensitive work). */
  drainOnEnqueue?: boolean;
  onDrop?: (item: T, priority: Priority) => void;
  logger?: Logger;
}

/**
 * PriorityQueue + BatchProcessor + TaskDrain: work is queued by priority,
 * drained on an interval in bounded, retried batches. High-priority work
 * also triggers a drain at once.
 */
export class BatchQueue<T> {
  private readonly queue: PriorityQueue<T>;
  private readonly processor: BatchProcessor<T[], void>;
  private readonly drain: TaskDrain;
  private readonly batchSize: number;
  private readonly maxParallel: number;
  private scheduled = false;
  private disposed = false;
  /** Drain passes running now; dispose() waits for them (it never cancels them). */
  private readonly active = new Set<Promise<number>>();
  private untrack: (() => void) | undefined;

  constructor(private readonly options: BatchQueueOptions<T>) {
    this.batchSize = Math.max(1, options.batchSize ?? 32);
    this.maxParallel = Math.max(1, options.maxParallel ?? 2);
    this.queue = new PriorityQueue<T>({
      maxSize: options.maxSize,
      onDrop: options.onDrop,
      name: options.name,
      logger: options.logger ?? options.runtime.logger,
    });
    this.processor = new BatchProcessor<T[], void>({
      process: (batch, attempt) => options.processBatch(batch, attempt),
      maxParallel: this.maxParallel,
      maxAttempts: options.maxAttempts ?? 3,
      // Once disposing, a failed batch is reported instead of retried: shutdown waits for batches in
      // flight, and must not wait for their backoffs and further attempts against a dead dependency.
      retry: {
        ...options.retry,
        shouldRetry: (error, attempt) => !this.disposed && (options.retry?.shouldRetry?.(error, attempt) ?? true),
      },
      onExhausted: (batch, error) => options.onExhausted?.(batch, error),
    });
    this.drain = new TaskDrain({
      runtime: options.runtime,
      taskName: options.taskName ?? `BATCH_QUEUE_${options.name.toUpperCase()}`,
      drainId: options.name,
      intervalMs: options.intervalMs ?? 1_000,
      maxIdleIntervalMs: options.maxIdleIntervalMs,
      drain: () => this.drainOnce(),
      skipRegisterWorker: options.skipRegisterWorker,
    });
  }

  start(): Promise<void> {
    this.untrack = trackQueueDepth(this.options.runtime, this.options.name, () => this.size);
    return this.drain.start();
  }

  enqueue(item: T, priority: Priority | string = 'normal'): void {
    if (this.disposed) throw new QueueDisposedError(this.options.name);
    this.queue.enqueue(item, priority);
    if (priority === 'high' || this.options.drainOnEnqueue) this.drainSoon();
  }

  get size(): number {
    return this.queue.size;
  }

  get droppedCount(): number {
    return this.queue.droppedCount;
  }

  /**
   * Drains the queue until it is empty, items enqueued meanwhile included
   * (used by the task worker and by tests). Resolves with the items handled.
   */
  async drainOnce(): Promise<number> {
    const pass = this.pass();
    this.active.add(pass);
    try {
      return await pass;
    } finally {
      this.active.delete(pass);
    }
  }

  private async pass(): Promise<number> {
    let handled = 0;
    await this.processor.runFrom(() => {
      if (this.disposed) return undefined;
      const batch = this.queue.take(this.batchSize);
      handled += batch.length;
      return batch.length > 0 ? { item: batch } : undefined;
    });
    return handled;
  }

  /** After dispose(): removes and returns what was never processed, so owners can settle it. */
  takeRemaining(): T[] {
    return this.queue.take(this.queue.size);
  }

  /** Runs a drain pass on the next turn of the event loop, once. */
  private drainSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain.nudge();
    });
  }

  /**
   * Stops the drain and flushes high-priority items through a serial
   * processor with one attempt each. Work already in flight is not cancelled.
   */
  async dispose(): Promise<BatchResult<T[], void>> {
    this.disposed = true;
    this.untrack?.();
    await this.drain.dispose();
    // Batches already started finish first (no new ones start), so owners may close resources after this.
    await Promise.allSettled([...this.active]);
    const high = this.queue.takeAll('high');
    const flush = new BatchProcessor<T[], void>({
      process: (batch, attempt) => this.options.processBatch(batch, attempt),
      maxParallel: 1,
      maxAttempts: 1,
      onExhausted: (batch, error) => this.options.onExhausted?.(batch, error),
    });
    return flush.run(chunk(high, this.batchSize));
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
