/** A fixed-window counter: at most `max` takes per `windowMs`. */
export class WindowCounter {
  private windowStart = 0;
  private used = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one use; false when the window's allowance is spent. */
  take(now = Date.now()): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    return this.used <= this.max;
  }

  /** ms until the window resets. */
  retryAfterMs(now = Date.now()): number {
    return Math.max(0, this.windowStart + this.windowMs - now);
  }
}
