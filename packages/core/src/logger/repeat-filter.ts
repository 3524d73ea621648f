/** What the filter needs from the log call it wraps. */
export type EmitLine = (fields: Record<string, unknown>, message: string) => void;

interface Seen {
  started: number;
  repeated: number;
  timer?: NodeJS.Timeout;
}

/** Keys kept at most; a flood of distinct messages resets the table rather than growing it. */
const MAX_KEYS = 1_000;

/**
 * Counts repeated identical log lines instead of writing them again: the first
 * line of a key is written, the same key within `windowMs` is only counted,
 * and when the window ends one line says how many were held back. A model
 * server that is down for an hour then costs two lines a minute per message,
 * not one per failed turn.
 */
export class RepeatFilter {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly windowMs: number) {}

  /** True when the line should be written now; false when it was counted. */
  admit(key: string, emitSummary: EmitLine, message: string): boolean {
    const now = Date.now();
    const entry = this.seen.get(key);
    if (!entry || now - entry.started >= this.windowMs) {
      if (this.seen.size >= MAX_KEYS) this.clear();
      this.seen.set(key, { started: now, repeated: 0 });
      return true;
    }
    entry.repeated += 1;
    if (!entry.timer) {
      // Unref'd: a pending summary never keeps the process alive.
      entry.timer = setTimeout(() => this.flush(key, emitSummary, message), entry.started + this.windowMs - now);
      entry.timer.unref();
    }
    return false;
  }

  private flush(key: string, emitSummary: EmitLine, message: string): void {
    const entry = this.seen.get(key);
    this.seen.delete(key);
    if (!entry || entry.repeated === 0) return;
    const seconds = Math.round(this.windowMs / 1000);
    emitSummary(
      { repeated: entry.repeated, windowSeconds: seconds },
      `${message} (repeated ${entry.repeated} more time${entry.repeated === 1 ? '' : 's'} in ${seconds} s)`,
    );
  }

  clear(): void {
    for (const entry of this.seen.values()) clearTimeout(entry.timer);
    this.seen.clear();
  }
}
