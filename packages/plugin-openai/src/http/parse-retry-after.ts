/**
 * How long a server asked us to wait, in ms: `retry-after-ms` (OpenAI's own
 * header) first, then `Retry-After` as seconds or as an HTTP date. Undefined
 * when neither is present or readable.
 */
export function parseRetryAfter(headers: Pick<Headers, 'get'>, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\s*\d+(\.\d+)?\s*$/.test(milliseconds)) return Math.round(Number(milliseconds));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  // The RFC allows whole seconds; fractions are accepted because some proxies send them.
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // An HTTP date names the day and month; a bare "-5" would otherwise parse as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
