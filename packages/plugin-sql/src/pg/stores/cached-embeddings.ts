import type { EmbeddingSearchResult, GetCachedEmbeddingsParams } from '@kith/core';
import { levenshtein } from '../../shared/search/levenshtein';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { PgStoreContext } from './store-context';

/** How many recent candidates are compared; the method exists to skip re-embedding repeated text. */
const CANDIDATES = 1000;

/** Vectors of this agent's memories whose text (content or metadata, at the key) is within `query_threshold` edits of the input. */
export async function getCachedEmbeddings(
  ctx: PgStoreContext,
  params: GetCachedEmbeddingsParams,
): Promise<EmbeddingSearchResult[]> {
  const column = params.query_field_name === 'metadata' ? 'metadata' : 'content';
  const threshold = Math.max(0, params.query_threshold);
  const length = params.query_input.length;
  const { rows } = await ctx.conn.driver.query<{ text: string; embedding: Uint8Array }>({
    text: `SELECT t.text, t.embedding FROM (
        SELECT m.${column} ->> $1 AS text, m.embedding FROM memories m
        WHERE m.agent_id = $2 AND m.type = $3 ORDER BY m.created_at DESC LIMIT ${CANDIDATES}) t
      WHERE t.embedding IS NOT NULL AND t.text IS NOT NULL AND length(t.text) BETWEEN $4 AND $5`,
    values: [params.query_field_sub_name, ctx.agentId, params.query_table_name, length - threshold, length + threshold],
  });
  return rows
    .map((row) => ({ row, score: levenshtein(params.query_input, row.text, threshold) }))
    .filter(({ score }) => score <= threshold)
    .sort((a, b) => a.score - b.score)
    .slice(0, Math.max(0, params.query_match_count))
    .map(({ row, score }) => ({ embedding: Array.from(fromFloat32Blob(row.embedding)), levenshtein_score: score }));
}
