/**
 * Bounded concurrency: at most `permits` holders at a time, the rest wait in
 * FIFO order. The one semaphore of the codebase.
 */
export class Semaphore {
  private available: number;
  private readonly waiters: (() => void)[] = [];
  /** Release functions of the permits held now, oldest first (for the elizaOS-style release()). */
  private readonly holders: (() => void)[] = [];

  constructor(readonly permits: number) {
    if (!Number.isInteger(permits) || permits < 1)
      throw new RangeError(`Semaphore needs at least 1 permit, got ${permits}`);
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
    const release = () => {
      if (released) return;
      released = true;
      this.holders.splice(this.holders.indexOf(release), 1);
      const next = this.waiters.shift();
      if (next) next();
      else this.available++;
    };
    this.holders.push(release);
    return release;
  }

  /**
   * elizaOS 1.x style (`await s.acquire(); try { ... } finally { s.release(); }`):
   * gives back the oldest permit still held. Prefer the function acquire() returns.
   */
  release(): void {
    this.holders[0]?.();
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
