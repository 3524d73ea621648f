import { OperationStats, percentile, SAMPLE_WINDOW, summarize } from './operation-stats';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('OperationStats', () => {
  it('counts every call but keeps only the last SAMPLE_WINDOW durations', () => {
    const stats = new OperationStats();
    for (let i = 0; i < SAMPLE_WINDOW + 10; i++) stats.record(i, i % 10 !== 0);
    expect(stats.count).toBe(SAMPLE_WINDOW + 10);
    expect(stats.errors).toBe(Math.ceil((SAMPLE_WINDOW + 10) / 10));
    expect(stats.samples()).toHaveLength(SAMPLE_WINDOW);
    expect(Math.min(...stats.samples())).toBe(10);
  });

  it('merges several agents into one summary with tokens', () => {
    const a = new OperationStats();
    const b = new OperationStats();
    [1, 2, 3].forEach((ms) => a.record(ms, true));
    b.record(10, false);
    a.addTokens(5, 2, 7);
    b.addTokens(1, 1, 2);
    expect(summarize([a, b])).toEqual({
      count: 4,
      errors: 1,
      meanMs: 4,
      p50Ms: 2,
      p95Ms: 10,
      maxMs: 10,
      tokens: { prompt: 6, completion: 3, total: 9 },
    });
  });

  it('treats negative or non-finite durations as zero', () => {
    const stats = new OperationStats();
    stats.record(Number.NaN, true);
    stats.record(-5, true);
    expect(summarize([stats])).toMatchObject({ count: 2, maxMs: 0, p95Ms: 0 });
  });
});
