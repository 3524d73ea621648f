import type { Memory, SearchMemoriesParams } from '@kith/core';
import { rankHybrid } from '../../shared/search/hybrid-score';
import { DEFAULT_SEARCH_COUNT, searchPoolSize } from '../../shared/search/search-pool';
import { queryWords } from '../../shared/search/query-words';
import { vectorColumn } from '../vectors/pgvector-columns';
import { toVectorLiteral } from '../vectors/vector-literal';
import type { PgAgentDimension } from './agent-dimension';
import { MEMORY_COLUMNS, MEMORY_SELECT, type PgMemoryRow, pgRowToMemory } from './memory-row';
import type { PgStoreContext } from './store-context';

interface Hit {
  seq: number;
  similarity: number;
  row?: PgMemoryRow;
}

/**
 * The words of the query as a tsquery, OR-ed (`'apples' | 'pears'`), each
 * quoted as a literal; null when there are none. to_tsquery('english', ...)
 * stems them as the `fts` column was stemmed.
 */
export function toTsQuery(text: string): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map((word) => `'${word}'`).join(' | ');
}

/**
 * Nearest memories of a table by cosine similarity, filters applied inside
 * the search: in SQL over pgvector's HNSW index when the database has it
 * (approximate, iterative scans keep filtered queries full), else exact in
 * process. With `query`, a larger candidate pool is re-ranked by keyword
 * relevance (ts_rank_cd over the `fts` column); `similarity` stays the cosine.
 */
export async function searchMemories(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  params: SearchMemoriesParams,
): Promise<Memory[]> {
  const count = params.count ?? DEFAULT_SEARCH_COUNT;
  if (!Array.isArray(params.embedding) || params.embedding.length === 0 || count <= 0) return [];
  const vector = Float32Array.from(params.embedding);
  if (!(await dims.checkSearch(vector.length))) return [];
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const k = searchPoolSize(count, tsQuery !== null);
  let hits = ctx.conn.vectors ? await inProcess(ctx, params, vector, k) : await withPgvector(ctx, params, vector, k);
  if (tsQuery && hits.length > 1) hits = await rerank(ctx, hits, tsQuery);
  hits = hits.slice(0, count);
  if (hits.length === 0) return [];
  const missing = hits.filter((hit) => !hit.row).map((hit) => hit.seq);
  const bySeq = new Map<number, PgMemoryRow>();
  if (missing.length > 0) {
    const { rows } = await ctx.conn.driver.query<PgMemoryRow>({
      text: `${MEMORY_SELECT} WHERE m.seq = ANY($1::bigint[])`,
      values: [missing],
      rowMode: 'array',
    });
    for (const row of rows) bySeq.set(Number(row[0]), row);
  }
  return hits.flatMap((hit) => {
    const row = hit.row ?? bySeq.get(hit.seq);
    return row ? [{ ...pgRowToMemory(row), similarity: hit.similarity }] : [];
  });
}

async function inProcess(
  ctx: PgStoreContext,
  params: SearchMemoriesParams,
  vector: Float32Array,
  k: number,
): Promise<Hit[]> {
  const index = ctx.conn.vectors;
  if (!index) return [];
  const hits = await index.search({
    agentId: ctx.agentId,
    type: params.tableName,
    vector,
    k,
    roomId: params.roomId,
    worldId: params.worldId,
    entityId: params.entityId,
    unique: params.unique,
    minSimilarity: params.match_threshold,
  });
  return hits.map((hit) => ({ seq: hit.seq, similarity: hit.similarity, row: hit.row }));
}

async function withPgvector(
  ctx: PgStoreContext,
  params: SearchMemoriesParams,
  vector: Float32Array,
  k: number,
): Promise<Hit[]> {
  const column = `m.${vectorColumn(vector.length)}`;
  const values: unknown[] = [toVectorLiteral(vector), ctx.agentId, params.tableName];
  const where = ['m.agent_id = $2', 'm.type = $3', `${column} IS NOT NULL`];
  const add = (condition: string, value: unknown) => {
    values.push(value);
    where.push(condition.replace('?', `$${values.length}`));
  };
  if (params.roomId !== undefined) add('m.room_id = ?', params.roomId);
  if (params.worldId !== undefined) add('m.world_id = ?', params.worldId);
  if (params.entityId !== undefined) add('m.entity_id = ?', params.entityId);
  if (params.unique) where.push('m.is_unique');
  if (params.match_threshold !== undefined) add(`${column} <=> $1::vector <= ?`, 1 - params.match_threshold);
  values.push(k);
  const { rows } = await ctx.conn.driver.query<[...PgMemoryRow, number]>({
    text: `SELECT ${MEMORY_COLUMNS}, 1 - (${column} <=> $1::vector) AS similarity FROM memories m
      WHERE ${where.join(' AND ')} ORDER BY ${column} <=> $1::vector LIMIT $${values.length}`,
    values,
    rowMode: 'array',
  });
  // Iterative scans return rows in relaxed order: sort by the exact similarity.
  return rows
    .map((row) => ({ seq: Number(row[0]), similarity: Number(row[13]), row: row.slice(0, 13) as PgMemoryRow }))
    .sort((a, b) => b.similarity - a.similarity || a.seq - b.seq);
}

async function rerank(ctx: PgStoreContext, hits: Hit[], tsQuery: string): Promise<Hit[]> {
  const { rows } = await ctx.conn.driver.query<{ seq: number; rank: number }>({
    text: `SELECT m.seq, ts_rank_cd(m.fts, q) AS rank FROM memories m, to_tsquery('english', $1) q
      WHERE m.seq = ANY($2::bigint[]) AND m.fts @@ q`,
    values: [tsQuery, hits.map((hit) => hit.seq)],
  });
  return rankHybrid(hits, new Map(rows.map((row) => [Number(row.seq), Number(row.rank)])));
}
