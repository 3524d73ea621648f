import { levenshtein } from './levenshtein';

describe('levenshtein', () => {
  it('counts edits', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });

  it('gives up past the bound', () => {
    expect(levenshtein('kitten', 'sitting', 1)).toBe(2);
    expect(levenshtein('a', 'abcdef', 2)).toBe(3);
  });
});
