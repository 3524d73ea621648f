/**
 * Bounded concurrency: at most `permits` holders at a time, the rest wait in
 * FIFO order. The one semaphore of the codebase.
 */
export class Semaphore {
  private available: number;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly permits: number) {
    if (!Number.isInteger(permits) || permits < 1) throw new RangeError(`Semaphore needs at least 1 permit, got ${permits}`);
    this.available = permits;
  }

  /** Resolves with a release function once a permit is free. */
  async acquire(): Promise<() => void> {
    if (this.available > 0) {
      this.available--;
    } else {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.available++;
    };
  }

  /** Runs `fn` while holding a permit. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  get free(): number {
    return this.available;
  }

  get waiting(): number {
    return this.waiters.length;
  }
}
