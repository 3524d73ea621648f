import { parsePattern } from './compile-script';
import { matchDecomposition } from './match-decomposition';
import type { Word } from './word';

const tags: Record<string, string[]> = { MOTHER: ['NOUN', 'FAMILY'], THINK: ['BELIEF'] };
const words = (text: string): Word[] =>
  text.split(' ').map((key) => ({ key, display: key.toLowerCase(), tags: tags[key] ?? [] }));
const keys = (components: Word[][] | null): string[] | null =>
  components?.map((part) => part.map((word) => word.key).join(' ')) ?? null;

describe('matchDecomposition', () => {
  it('numbers components by pattern element, a 0 taking as few words as possible', () => {
    expect(keys(matchDecomposition(parsePattern('0 YOUR 0'), words('WELL YOUR DOG BIT YOUR CAT')))).toEqual([
      'WELL',
      'YOUR',
      'DOG BIT YOUR CAT',
    ]);
  });

  it('matches exact counts, any-of groups and DLIST tags', () => {
    expect(keys(matchDecomposition(parsePattern('2 ARE 0'), words('THEY ALL ARE HERE')))).toEqual([
      'THEY ALL',
      'ARE',
      'HERE',
    ]);
    expect(matchDecomposition(parsePattern('1 ARE 0'), words('THEY ALL ARE HERE'))).toBeNull();
    expect(keys(matchDecomposition(parsePattern('0 YOU (* WANT NEED) 0'), words('YOU NEED SLEEP')))).toEqual([
      '',
      'YOU',
      'NEED',
      'SLEEP',
    ]);
    expect(keys(matchDecomposition(parsePattern('0 YOUR 0 (/FAMILY) 0'), words('YOUR OLD MOTHER SINGS')))).toEqual([
      '',
      'YOUR',
      'OLD',
      'MOTHER',
      'SINGS',
    ]);
    expect(matchDecomposition(parsePattern('0 YOU (/BELIEF) YOU 0'), words('YOU KNOW YOU ARE'))).toBeNull();
  });

  it('requires the whole text to be covered', () => {
    expect(matchDecomposition(parsePattern('0 I 0 YOU'), words('I LOVE YOU TOO'))).toBeNull();
    expect(keys(matchDecomposition(parsePattern('0 I 0 YOU'), words('I LOVE YOU')))).toEqual(['', 'I', 'LOVE', 'YOU']);
  });
});
