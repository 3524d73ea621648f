import type { Memory, SearchMemoriesParams } from '@kith/core';
import { DEFAULT_SEARCH_COUNT, searchPoolSize } from '../../shared/search/search-pool';
import { toFtsQuery } from '../search/fts-query';
import { rerankWithBm25 } from '../search/hybrid-rerank';
import type { VectorHit } from '../vectors/vector-index';
import type { AgentDimension } from './agent-dimension';
import { MEMORY_SELECT_WITHOUT_VECTOR, type MemoryRow, SEQ, toMemory } from './memory-row';
import type { StoreContext } from './store-context';

/**
 * Nearest memories of a table by cosine similarity (exact), with the
 * filters applied inside the search. `match_threshold` is a minimum
 * similarity. With `query`, a larger candidate pool is re-ranked by the
 * hybrid score (see rerankWithBm25); `similarity` stays the cosine either way.
 */
export function searchMemories(ctx: StoreContext, dims: AgentDimension, params: SearchMemoriesParams): Memory[] {
  const count = params.count ?? DEFAULT_SEARCH_COUNT;
  if (!Array.isArray(params.embedding) || params.embedding.length === 0 || count <= 0) return [];
  const vector = Float32Array.from(params.embedding);
  if (!dims.checkSearch(vector.length)) return [];
  const ftsQuery = params.query ? toFtsQuery(params.query) : null;
  let hits: VectorHit[] = ctx.conn.vectors.search({
    agentId: ctx.agentId,
    type: params.tableName,
    vector,
    k: searchPoolSize(count, ftsQuery !== null),
    roomId: params.roomId,
    worldId: params.worldId,
    entityId: params.entityId,
    unique: params.unique,
    minSimilarity: params.match_threshold,
  });
  if (ftsQuery && hits.length > 1) {
    ctx.conn.fts.catchUp();
    hits = rerankWithBm25(ctx.conn, hits, ftsQuery);
  }
  hits = hits.slice(0, count);
  if (hits.length === 0) return [];
  const rows = ctx.conn.tuples<MemoryRow>(
    `${MEMORY_SELECT_WITHOUT_VECTOR} WHERE m.seq IN (SELECT value FROM json_each(?))`,
    JSON.stringify(hits.map((hit) => hit.seq)),
  );
  const bySeq = new Map(rows.map((row) => [row[SEQ], row]));
  return hits.flatMap((hit) => {
    const row = bySeq.get(hit.seq);
    return row ? [{ ...toMemory(row, hit.vector), similarity: hit.similarity }] : [];
  });
}
