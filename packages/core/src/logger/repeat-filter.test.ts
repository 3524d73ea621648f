import { RepeatFilter } from './repeat-filter';

describe('RepeatFilter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the first line of a key, counts the rest of the window, then writes one summary', () => {
    const filter = new RepeatFilter(60_000);
    const summaries: [Record<string, unknown>, string][] = [];
    const emit = (fields: Record<string, unknown>, text: string): void => void summaries.push([fields, text]);
    expect(filter.admit('k', emit, 'model down')).toBe(true);
    for (let i = 0; i < 5; i++) expect(filter.admit('k', emit, 'model down')).toBe(false);
    expect(filter.admit('other', emit, 'other')).toBe(true);
    expect(summaries).toEqual([]);
    jest.advanceTimersByTime(60_000);
    expect(summaries).toEqual([[{ repeated: 5, windowSeconds: 60 }, 'model down (repeated 5 more times in 60 s)']]);
    // A new window starts with a full line again.
    expect(filter.admit('k', emit, 'model down')).toBe(true);
  });

  it('writes no summary when a line came only once', () => {
    const filter = new RepeatFilter(1_000);
    const emit = jest.fn();
    filter.admit('k', emit, 'once');
    jest.advanceTimersByTime(5_000);
    expect(emit).not.toHaveBeenCalled();
    expect(filter.admit('k', emit, 'once')).toBe(true);
  });
});
