import type { SqlRunner } from '../connection/sql-runner';

/** Share of the cosine similarity in the hybrid score; the rest is normalised BM25. */
export const VECTOR_WEIGHT = 0.7;

/** A vector search hit: a memory's seq and its cosine similarity. */
export interface ScoredSeq {
  seq: number;
  similarity: number;
}

/** VECTOR_WEIGHT * similarity + (1 - VECTOR_WEIGHT) * bm25 / max bm25 among the candidates. */
export type RankedHit<H extends ScoredSeq> = H & { score: number };

/**
 * Re-ranks vector candidates by keyword relevance. FTS5's bm25() is
 * negative (lower is better), so relevance = -bm25, divided by the best
 * candidate's relevance to land in [0, 1]; candidates without a matching
 * word get 0. The cosine similarity itself is kept on each hit.
 */
export function rerankWithBm25<H extends ScoredSeq>(sql: SqlRunner, hits: H[], ftsQuery: string): RankedHit<H>[] {
  const rows = sql.all<{ seq: number; rank: number }>(
    `SELECT rowid AS seq, bm25(memories_fts) AS rank FROM memories_fts
     WHERE memories_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    ftsQuery,
    JSON.stringify(hits.map((hit) => hit.seq)),
  );
  const relevance = new Map(rows.map((row) => [row.seq, -row.rank]));
  const best = Math.max(0, ...relevance.values());
  return hits
    .map((hit) => {
      const keyword = best > 0 ? (relevance.get(hit.seq) ?? 0) / best : 0;
      return { ...hit, score: VECTOR_WEIGHT * hit.similarity + (1 - VECTOR_WEIGHT) * keyword };
    })
    .sort((a, b) => b.score - a.score);
}
