import type { SqlRunner } from '../connection/sql-runner';
import { rerankWithBm25, VECTOR_WEIGHT } from './hybrid-rerank';

function runnerReturning(rows: { seq: number; rank: number }[]): SqlRunner {
  return {
    all: <Row>() => rows as Row[],
    get: () => undefined,
    run: () => ({ changes: 0, lastInsertRowid: 0 }),
    iterate: <Row>() => ([] as Row[])[Symbol.iterator](),
    exec: () => undefined,
    write: (fn) => fn(),
  };
}

describe('rerankWithBm25', () => {
  it('scores 0.7 * cosine + 0.3 * bm25 / best bm25 and keeps the cosine', () => {
    const hits = [
      { seq: 1, similarity: 0.9 },
      { seq: 2, similarity: 0.8 },
      { seq: 3, similarity: 0.7 },
    ];
    // bm25() is negative: -4 is the best match here, -2 half as relevant, seq 1 no match.
    const ranked = rerankWithBm25(
      runnerReturning([
        { seq: 2, rank: -2 },
        { seq: 3, rank: -4 },
      ]),
      hits,
      '"x"',
    );
    expect(ranked.map((h) => h.seq)).toEqual([3, 2, 1]);
    expect(ranked[0].score).toBeCloseTo(VECTOR_WEIGHT * 0.7 + (1 - VECTOR_WEIGHT) * 1);
    expect(ranked[1].score).toBeCloseTo(VECTOR_WEIGHT * 0.8 + (1 - VECTOR_WEIGHT) * 0.5);
    expect(ranked[2].score).toBeCloseTo(VECTOR_WEIGHT * 0.9);
    expect(ranked[0].similarity).toBe(0.7);
  });

  it('keeps vector order when nothing matches', () => {
    const hits = [
      { seq: 1, similarity: 0.9 },
      { seq: 2, similarity: 0.8 },
    ];
    expect(rerankWithBm25(runnerReturning([]), hits, '"x"').map((h) => h.seq)).toEqual([1, 2]);
  });
});
