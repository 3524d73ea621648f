import type { IAgentRuntime } from '@kith/core';
import { EVERYDAY_SENTENCES, PARAPHRASE_PAIRS } from '../testing/corpus';
import { EMBEDDING_DIMS, hashingEmbed } from './hashing-embed';
import { textEmbeddingHandler } from './text-embedding-handler';

const runtime = {} as IAgentRuntime;
const norm = (vector: readonly number[]): number => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
const dot = (a: readonly number[], b: readonly number[]): number => {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index] * b[index];
  return sum;
};

describe('hashingEmbed', () => {
  it('gives a deterministic 384-dimension unit vector', () => {
    const a = hashingEmbed('The train to the city was cancelled this morning.');
    expect(EMBEDDING_DIMS).toBe(384);
    expect(a).toHaveLength(384);
    expect(a).toEqual(hashingEmbed('The train to the city was cancelled this morning.'));
    expect(norm(a)).toBeCloseTo(1, 10);
    expect(a.every(Number.isFinite)).toBe(true);
  });

  it('ignores case and punctuation, but not word order', () => {
    expect(hashingEmbed('Hello, World!')).toEqual(hashingEmbed('hello world'));
    expect(hashingEmbed('dog bites man')).not.toEqual(hashingEmbed('man bites dog'));
  });

  it('scores related sentences above unrelated ones', () => {
    const query = hashingEmbed('my dog is scared of fireworks');
    expect(dot(query, hashingEmbed('fireworks frighten my dog'))).toBeGreaterThan(
      dot(query, hashingEmbed('the meeting moved to Tuesday')),
    );
    // Character trigrams let inflections of a word overlap ("walk" in both).
    expect(dot(hashingEmbed('walking'), hashingEmbed('walked'))).toBeGreaterThan(0.05);
    expect(dot(hashingEmbed('walking'), hashingEmbed('walked'))).toBeGreaterThan(
      dot(hashingEmbed('walking'), hashingEmbed('swimming')),
    );
  });

  it('gives empty text a unit vector along the first axis, never zeros or NaN', () => {
    for (const text of ['', '   ', '?!...']) {
      const vector = hashingEmbed(text);
      expect(vector[0]).toBe(1);
      expect(norm(vector)).toBe(1);
    }
  });

  it('supports other dimensions and rejects invalid ones', () => {
    expect(hashingEmbed('hello there', 64)).toHaveLength(64);
    expect(norm(hashingEmbed('hello there', 64))).toBeCloseTo(1, 10);
    expect(() => hashingEmbed('x', 0)).toThrow(RangeError);
    expect(() => hashingEmbed('x', 1.5)).toThrow(RangeError);
  });

  it('handles non-ASCII words', () => {
    const vector = hashingEmbed('Café crème à Zürich — 東京');
    expect(norm(vector)).toBeCloseTo(1, 10);
    expect(vector).not.toEqual(hashingEmbed(''));
  });
});

describe('textEmbeddingHandler', () => {
  it('accepts { text }, a plain string and { texts } (batch equals single)', async () => {
    const single = await textEmbeddingHandler(runtime, { text: 'good morning' });
    expect(single).toEqual(hashingEmbed('good morning'));
    expect(await textEmbeddingHandler(runtime, 'good morning')).toEqual(single);
    const batch = (await textEmbeddingHandler(runtime, { texts: ['good morning', 'good night'] })) as number[][];
    expect(batch).toEqual([single, hashingEmbed('good night')]);
  });

  it('answers the runtime dimension probe with a valid 384 vector', async () => {
    for (const probe of [null, undefined, {} as { text: string }, { text: '' }]) {
      const vector = (await textEmbeddingHandler(runtime, probe)) as number[];
      expect(vector).toHaveLength(384);
      expect(norm(vector)).toBeCloseTo(1, 12);
      expect(vector.some((value) => value !== 0)).toBe(true);
    }
  });
});

describe('hashingEmbed on the shipped corpus', () => {
  const pool = [...EVERYDAY_SENTENCES, ...PARAPHRASE_PAIRS.flat()];
  const vectors = pool.map((text) => hashingEmbed(text));

  it('ships enough distinct material', () => {
    expect(new Set(EVERYDAY_SENTENCES).size).toBe(EVERYDAY_SENTENCES.length);
    expect(EVERYDAY_SENTENCES.length).toBeGreaterThanOrEqual(200);
    expect(PARAPHRASE_PAIRS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(pool).size).toBe(pool.length);
  });

  it('finds every sentence as its own nearest neighbour (self-recall@1 ≥ 95%)', () => {
    let hits = 0;
    for (let i = 0; i < pool.length; i++) {
      const own = dot(vectors[i], vectors[i]);
      let nearestOther = -Infinity;
      for (let j = 0; j < pool.length; j++)
        if (j !== i) nearestOther = Math.max(nearestOther, dot(vectors[i], vectors[j]));
      if (own > nearestOther + 1e-9) hits++;
    }
    const recall = hits / pool.length;
    console.log(`hashingEmbed self-recall@1: ${(recall * 100).toFixed(1)}% of ${pool.length} sentences`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('ranks a paraphrase among the 5 nearest neighbours of its pair', () => {
    let top1 = 0;
    let top5 = 0;
    let queries = 0;
    for (const [a, b] of PARAPHRASE_PAIRS) {
      for (const [query, target] of [
        [a, b],
        [b, a],
      ]) {
        const q = pool.indexOf(query);
        const t = pool.indexOf(target);
        const ranked = pool
          .map((_, index) => index)
          .filter((index) => index !== q)
          .sort((x, y) => dot(vectors[q], vectors[y]) - dot(vectors[q], vectors[x]));
        queries++;
        if (ranked[0] === t) top1++;
        if (ranked.slice(0, 5).includes(t)) top5++;
      }
    }
    console.log(
      `hashingEmbed paraphrase recall@1: ${((top1 / queries) * 100).toFixed(1)}%, recall@5: ${((top5 / queries) * 100).toFixed(1)}% ` +
        `(${queries} queries against ${pool.length - 1} candidates)`,
    );
    expect(top5 / queries).toBeGreaterThanOrEqual(0.8);
  });
});
