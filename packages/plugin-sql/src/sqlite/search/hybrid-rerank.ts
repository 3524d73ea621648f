import type { SqlRunner } from '../connection/sql-runner';
import { rankHybrid, type RankedHit, type ScoredSeq } from '../../shared/search/hybrid-score';

export { VECTOR_WEIGHT, type RankedHit, type ScoredSeq } from '../../shared/search/hybrid-score';

/**
 * Re-ranks vector candidates by keyword relevance from the FTS5 index.
 * FTS5's bm25() is negative (lower is better), so relevance = -bm25; the
 * hybrid score is rankHybrid's. The cosine similarity is kept on each hit.
 */
export function rerankWithBm25<H extends ScoredSeq>(sql: SqlRunner, hits: H[], ftsQuery: string): RankedHit<H>[] {
  const rows = sql.all<{ seq: number; rank: number }>(
    `SELECT rowid AS seq, bm25(memories_fts) AS rank FROM memories_fts
     WHERE memories_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    ftsQuery,
    JSON.stringify(hits.map((hit) => hit.seq)),
  );
  return rankHybrid(hits, new Map(rows.map((row) => [row.seq, -row.rank])));
}
