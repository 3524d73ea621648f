import type { LatencySummary } from './load-report';

/** Nearest-rank percentiles (ms, one decimal) of a list of durations. */
export function latencySummary(durations: readonly number[]): LatencySummary {
  if (durations.length === 0) return { p50: 0, p95: 0, max: 0 };
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(rank(50)), p95: round(rank(95)), max: round(sorted[sorted.length - 1]) };
}
