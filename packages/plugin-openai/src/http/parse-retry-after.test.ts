import { parseRetryAfter } from './parse-retry-after';

const headers = (values: Record<string, string>) => new Headers(values);

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(headers({ 'retry-after': ' 0 ' }), now)).toBe(0);
    expect(parseRetryAfter(headers({ 'retry-after': '1.5' }), now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 09:59:00 GMT' }), now)).toBe(0);
  });

  it('prefers retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
  });

  it('ignores missing and unreadable values', () => {
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': '-5' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after-ms': 'x', 'retry-after': '2' }), now)).toBe(2000);
  });
});
