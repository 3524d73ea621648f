/** Share of the cosine similarity in the hybrid score; the rest is the normalised keyword relevance. */
export const VECTOR_WEIGHT = 0.7;

/** A vector search hit: a memory's seq and its cosine similarity. */
export interface ScoredSeq {
  seq: number;
  similarity: number;
}

/** VECTOR_WEIGHT * similarity + (1 - VECTOR_WEIGHT) * relevance / best relevance among the candidates. */
export type RankedHit<H extends ScoredSeq> = H & { score: number };

/**
 * Re-ranks vector candidates by keyword relevance (higher is better; BM25
 * on SQLite, ts_rank_cd on PostgreSQL), divided by the best candidate's to
 * land in [0, 1]; candidates without a matching word get 0. The cosine
 * similarity itself is kept on each hit.
 */
export function rankHybrid<H extends ScoredSeq>(hits: H[], relevance: ReadonlyMap<number, number>): RankedHit<H>[] {
  const best = Math.max(0, ...relevance.values());
  return hits
    .map((hit) => {
      const keyword = best > 0 ? (relevance.get(hit.seq) ?? 0) / best : 0;
      return { ...hit, score: VECTOR_WEIGHT * hit.similarity + (1 - VECTOR_WEIGHT) * keyword };
    })
    .sort((a, b) => b.score - a.score);
}
