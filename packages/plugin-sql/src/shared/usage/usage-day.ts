const DAY_MS = 86_400_000;

/** Days since the epoch (UTC) of a `YYYY-MM-DD` day: how model_usage rows key their day. */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The day (UTC) of an epoch-ms time, as model_usage keys it. */
export function dayOf(at: number): number {
  return Math.floor(at / DAY_MS);
}

/** The `YYYY-MM-DD` text of a day number. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
