import { toFtsQuery } from './fts-query';

describe('toFtsQuery', () => {
  it('quotes and ORs the words, dropping FTS syntax and one-letter words', () => {
    expect(toFtsQuery('Banana "bread" AND a NEAR(x) café 42')).toBe(
      '"banana" OR "bread" OR "and" OR "near" OR "café" OR "42"',
    );
  });

  it('returns null when there is no word', () => {
    expect(toFtsQuery('  ?! - ')).toBeNull();
  });
});
