import { describe, expect, it } from '@jest/globals';
import { BM25 } from './bm25';
import { Tokenizer } from './tokenizer';

const DOCS = [
  { title: 'Cats', body: 'The cat sat on the mat. Cats like warm mats.' },
  { title: 'Dogs', body: 'A dog chased the cat across the garden.' },
  { title: 'Weather', body: 'Rain is expected in the garden tomorrow.' },
  { title: 'Numbers', body: 'Call 42 or 7 for help', views: 12 },
];

describe('BM25 (elizaOS 1.7)', () => {
  it('ranks documents by term relevance', () => {
    const index = new BM25(DOCS);
    const results = index.search('cat');
    // Document 1 wins: 'cats' is another token without stemming, and document 0 is longer.
    expect(results.map((result) => result.index)).toEqual([1, 0]);
    expect(results[0].score).toBeGreaterThan(results[1].score);
    expect(index.search('garden rain')[0].index).toBe(2);
    expect(index.search('7')[0].index).toBe(3);
    expect(index.search('the of')).toEqual([]);
    expect(index.search('cat', 1)).toHaveLength(1);
  });

  it('scores with the BM25 formula', () => {
    const index = new BM25([{ text: 'apple banana' }, { text: 'banana cherry cherry' }]);
    const termIndex = index.termToIndex.get('apple') as number;
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
    expect(index.calculateIdf(termIndex)).toBeCloseTo(idf);
    const [hit] = index.search('apple');
    const lengthRatio = 2 / 2.5;
    expect(hit.score).toBeCloseTo((idf * (1 * 2.2)) / (1 + 1.2 * (1 - 0.75 + 0.75 * lengthRatio)), 6);
    expect(index.getTermFrequency(index.termToIndex.get('cherry') as number, 1)).toBe(2);
  });

  it('adds documents later and applies field boosts', async () => {
    const index = new BM25([], { fieldBoosts: { title: 3 } });
    await index.addDocuments([
      { title: 'garden tools', body: 'spades' },
      { title: 'spades', body: 'garden tools' },
    ]);
    await index.addDocument({ title: 'other', body: 'nothing here' });
    expect(index.getDocumentCount()).toBe(3);
    expect(index.search('garden')[0].index).toBe(0);
    expect(index.getDocument(1)).toEqual({ title: 'spades', body: 'garden tools' });
    expect(() => index.getDocument(5)).toThrow(/outside/);
    index.clearDocuments();
    expect(index.getDocumentCount()).toBe(0);
    expect(index.search('garden')).toEqual([]);
  });

  it('finds exact phrases', () => {
    const index = new BM25(DOCS);
    expect(index.searchPhrase('chased the cat').map((result) => result.index)).toEqual([1]);
    expect(index.searchPhrase('cat chased')).toEqual([]);
    expect(index.searchPhrase('unknown words')).toEqual([]);
  });

  it('tokenizes like elizaOS, with optional stemming', () => {
    const tokenizer = new Tokenizer({ stopWords: new Set(['the']) });
    expect(tokenizer.tokenize('The Café, naïve 😀 résumé — x 9!').tokens).toEqual(['cafe', 'naive', 'resume', '9']);
    const stemming = new Tokenizer({ stemming: true });
    expect(stemming.tokenize('running cats jumped').tokens).toEqual(['run', 'cat', 'jump']);
    expect(() => tokenizer.tokenize('')).toThrow();
  });
});
