import { ConfigValidationError, utcDay } from '@kith/core';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first UTC day of `--since`: `7d` (today and the 6 days before it) or a day `YYYY-MM-DD`. */
export function sinceDay(since: string, now = Date.now()): string {
  const days = /^(\d+)d$/.exec(since.trim());
  if (days) {
    const count = Number(days[1]);
    if (count >= 1 && count <= 3660) return utcDay(now - (count - 1) * DAY_MS);
  }
  if (DAY.test(since.trim()) && !Number.isNaN(Date.parse(`${since.trim()}T00:00:00Z`))) return since.trim();
  throw new ConfigValidationError('kith usage', [
    `--since: "${since}" is neither a number of days (7d, 30d; at most 3660d) nor a UTC day (2026-11-01)`,
  ]);
}
