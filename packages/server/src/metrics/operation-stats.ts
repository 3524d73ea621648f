/** Token counts summed over model calls. */
export interface TokenTotals {
  prompt: number;
  completion: number;
  total: number;
}

/** What GET /api/metrics reports for one operation. */
export interface OperationSummary {
  count: number;
  errors: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  tokens?: TokenTotals;
  /** The plugin that registered the provider, action or evaluator. */
  plugin?: string;
}

/** Percentiles are taken over this many most recent durations of each operation. */
export const SAMPLE_WINDOW = 1024;

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Counters and recent durations of one operation (seed 003's metrics
 * pattern): counts and the mean cover every call, percentiles the last
 * SAMPLE_WINDOW calls, kept in a fixed ring so memory stays bounded.
 */
export class OperationStats {
  count = 0;
  errors = 0;
  totalMs = 0;
  maxMs = 0;
  tokens: TokenTotals | undefined;
  /** The plugin that registered what is measured, when known. */
  plugin: string | undefined;
  private readonly ring = new Float64Array(SAMPLE_WINDOW);
  private filled = 0;
  private next = 0;

  record(durationMs: number, success: boolean): void {
    const ms = Number.isFinite(durationMs) && durationMs > 0 ? durationMs : 0;
    this.count += 1;
    if (!success) this.errors += 1;
    this.totalMs += ms;
    if (ms > this.maxMs) this.maxMs = ms;
    this.ring[this.next] = ms;
    this.next = (this.next + 1) % SAMPLE_WINDOW;
    if (this.filled < SAMPLE_WINDOW) this.filled += 1;
  }

  addTokens(prompt: number, completion: number, total: number): void {
    this.tokens ??= { prompt: 0, completion: 0, total: 0 };
    this.tokens.prompt += prompt;
    this.tokens.completion += completion;
    this.tokens.total += total;
  }

  samples(): number[] {
    return Array.from(this.ring.subarray(0, this.filled));
  }
}

/** One summary over several agents' stats of the same operation. */
export function summarize(stats: readonly OperationStats[]): OperationSummary {
  let count = 0;
  let errors = 0;
  let totalMs = 0;
  let maxMs = 0;
  let tokens: TokenTotals | undefined;
  let plugin: string | undefined;
  const samples: number[] = [];
  for (const s of stats) {
    plugin ??= s.plugin;
    count += s.count;
    errors += s.errors;
    totalMs += s.totalMs;
    maxMs = Math.max(maxMs, s.maxMs);
    samples.push(...s.samples());
    if (s.tokens) {
      tokens ??= { prompt: 0, completion: 0, total: 0 };
      tokens.prompt += s.tokens.prompt;
      tokens.completion += s.tokens.completion;
      tokens.total += s.tokens.total;
    }
  }
  samples.sort((a, b) => a - b);
  return {
    count,
    errors,
    meanMs: count > 0 ? round(totalMs / count) : 0,
    p50Ms: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    maxMs: round(maxMs),
    ...(tokens ? { tokens } : {}),
    ...(plugin ? { plugin } : {}),
  };
}
