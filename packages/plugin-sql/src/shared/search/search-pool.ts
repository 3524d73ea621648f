/** Results a vector search returns when the caller names no count. */
export const DEFAULT_SEARCH_COUNT = 10;
/** With a text query, this many vector candidates per wanted result are re-ranked (at least RERANK_POOL_MIN). */
const RERANK_POOL_FACTOR = 4;
const RERANK_POOL_MIN = 50;

/** How many vector candidates a search for `count` results takes: more when a text query re-ranks them. */
export function searchPoolSize(count: number, reranked: boolean): number {
  return reranked ? Math.max(count * RERANK_POOL_FACTOR, RERANK_POOL_MIN) : count;
}
