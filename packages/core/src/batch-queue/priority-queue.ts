import { logger as defaultLogger, type Logger } from '../logger/logger';

export type Priority = 'high' | 'normal' | 'low';
const ORDER: readonly Priority[] = ['high', 'normal', 'low'];

export interface PriorityQueueOptions<T> {
  /** Most items held; when full, the oldest of the lowest priority goes first. */
  maxSize?: number;
  /** Called with each dropped item (the queue also logs drops with a count). */
  onDrop?: (item: T, priority: Priority) => void;
  name?: string;
  logger?: Logger;
}

/**
 * Three FIFO lanes: high before normal before low. An unknown priority is
 * treated as normal, with one warning per queue so typos are seen, not sunk.
 */
export class PriorityQueue<T> {
  private readonly lanes: Record<Priority, T[]> = { high: [], normal: [], low: [] };
  private warnedInvalid = false;
  private dropped = 0;

  constructor(private readonly options: PriorityQueueOptions<T> = {}) {}

  enqueue(item: T, priority: Priority | string = 'normal'): void {
    this.lanes[this.normalise(priority)].push(item);
    const max = this.options.maxSize;
    if (max !== undefined && this.size > max) this.dropOne();
  }

  dequeue(): T | undefined {
    for (const priority of ORDER) {
      const lane = this.lanes[priority];
      if (lane.length > 0) return lane.shift();
    }
    return undefined;
  }

  /** Up to `count` items in priority order. */
  take(count: number): T[] {
    const out: T[] = [];
    while (out.length < count) {
      const item = this.dequeue();
      if (item === undefined) break;
      out.push(item);
    }
    return out;
  }

  /** Removes and returns every item of one priority. */
  takeAll(priority: Priority): T[] {
    return this.lanes[priority].splice(0);
  }

  sizeOf(priority: Priority): number {
    return this.lanes[priority].length;
  }

  get size(): number {
    return this.lanes.high.length + this.lanes.normal.length + this.lanes.low.length;
  }

  /** Items dropped because the queue was full, since it was created. */
  get droppedCount(): number {
    return this.dropped;
  }

  private normalise(priority: string): Priority {
    if (priority === 'high' || priority === 'normal' || priority === 'low') return priority;
    if (!this.warnedInvalid) {
      this.warnedInvalid = true;
      (this.options.logger ?? defaultLogger).warn(
        { queue: this.options.name, priority },
        `Unknown priority "${priority}" in queue ${this.options.name ?? ''}; treating it as "normal" (use high, normal or low)`,
      );
    }
    return 'normal';
  }

  private dropOne(): void {
    for (const priority of [...ORDER].reverse()) {
      const lane = this.lanes[priority];
      if (lane.length === 0) continue;
      const item = lane.shift() as T;
      this.dropped++;
      (this.options.logger ?? defaultLogger).warn(
        { queue: this.options.name, priority, droppedTotal: this.dropped },
        `Queue ${this.options.name ?? ''} is full; dropped its oldest ${priority}-priority item (${this.dropped} dropped so far)`,
      );
      this.options.onDrop?.(item, priority);
      return;
    }
  }
}
