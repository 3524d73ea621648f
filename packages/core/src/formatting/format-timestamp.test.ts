import { formatTimestamp } from './format-timestamp';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
const MIN = 60_000;

describe('formatTimestamp', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [23 * 60 * MIN, '23 hours ago'],
    [24 * 60 * MIN, '1 day ago'],
    [3 * 24 * 60 * MIN, '3 days ago'],
  ])('formats %p ms ago as %p', (ago, expected) => {
    expect(formatTimestamp(NOW - ago, NOW)).toBe(expected);
  });

  it('treats future times by their distance', () => {
    expect(formatTimestamp(NOW + 2 * MIN, NOW)).toBe('2 minutes ago');
  });

  it('uses the current time by default', () => {
    expect(formatTimestamp(Date.now() - 10 * MIN)).toBe('10 minutes ago');
  });
});
