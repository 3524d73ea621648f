import type { EmbeddingSearchResult, GetCachedEmbeddingsParams } from '@kith/core';
import { levenshtein } from '../../shared/search/levenshtein';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { StoreContext } from './store-context';

/** How many recent candidates are compared; the method exists to skip re-embedding repeated text. */
const CANDIDATES = 1000;

/**
 * Vectors of this agent's memories whose text (content or metadata, at the
 * given key) is within `query_threshold` edits of the input, closest first.
 */
export function getCachedEmbeddings(ctx: StoreContext, params: GetCachedEmbeddingsParams): EmbeddingSearchResult[] {
  const column = params.query_field_name === 'metadata' ? 'metadata' : 'content';
  const key = params.query_field_sub_name.replace(/"/g, '');
  const threshold = Math.max(0, params.query_threshold);
  const length = params.query_input.length;
  const rows = ctx.conn.all<{ text: string; vector: Buffer }>(
    `SELECT t.text, e.vector FROM (
       SELECT m.seq, json_extract(m.${column}, ?) AS text FROM memories m
       WHERE m.agent_id = ? AND m.type = ? ORDER BY m.created_at DESC LIMIT ${CANDIDATES}) t
     JOIN embeddings e ON e.memory_seq = t.seq
     WHERE typeof(t.text) = 'text' AND length(t.text) BETWEEN ? AND ?`,
    `$."${key}"`,
    ctx.agentId,
    params.query_table_name,
    length - threshold,
    length + threshold,
  );
  return rows
    .map((row) => ({ row, score: levenshtein(params.query_input, row.text, threshold) }))
    .filter(({ score }) => score <= threshold)
    .sort((a, b) => a.score - b.score)
    .slice(0, Math.max(0, params.query_match_count))
    .map(({ row, score }) => ({ embedding: Array.from(fromFloat32Blob(row.vector)), levenshtein_score: score }));
}
