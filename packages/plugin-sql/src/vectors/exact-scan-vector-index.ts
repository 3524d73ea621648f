import type { SqlRunner } from '../connection/sql-runner';
import { cosineSimilarity, norm } from './cosine';
import { fromFloat32Blob } from './float32-blob';
import { TopK } from './top-k';
import type { VectorEntry, VectorHit, VectorIndex, VectorQuery } from './vector-index';
import { markVectorIndexStale } from './vector-index-staleness';

/**
 * The fallback when sqlite-vec cannot load: an exact cosine scan over the
 * Float32 blobs in `embeddings`, narrowed first by the memories indexes
 * (agent + type, or room). Linear in the matching rows. Every vector write
 * marks the sqlite-vec tables stale so they are rebuilt when it loads again.
 */
export class ExactScanVectorIndex implements VectorIndex {
  readonly kind = 'exact-scan';
  constructor(private readonly sql: SqlRunner) {}

  prepare(): void {}

  add(_entry: VectorEntry): void {
    this.markStale();
  }

  remove(): void {
    this.markStale();
  }

  search(query: VectorQuery): VectorHit[] {
    const queryNorm = norm(query.vector);
    if (queryNorm === 0) return [];
    const filters: string[] = [];
    const params: string[] = [];
    if (query.roomId !== undefined) filters.push('AND m.room_id = ?'), params.push(query.roomId);
    if (query.worldId !== undefined) filters.push("AND coalesce(m.world_id, '') = ?"), params.push(query.worldId);
    if (query.entityId !== undefined) filters.push('AND m.entity_id = ?'), params.push(query.entityId);
    if (query.unique) filters.push('AND m.is_unique = 1');
    const rows = this.sql.all<{ seq: number; vector: Buffer }>(
      `SELECT e.memory_seq AS seq, e.vector FROM memories m JOIN embeddings e ON e.memory_seq = m.seq
       WHERE m.agent_id = ? AND m.type = ? AND e.dimension = ? ${filters.join(' ')}`,
      query.agentId,
      query.type,
      query.vector.length,
      ...params,
    );
    const best = new TopK<number>(query.k);
    for (const row of rows) {
      const similarity = cosineSimilarity(query.vector, queryNorm, fromFloat32Blob(row.vector));
      if (!Number.isNaN(similarity)) best.offer(row.seq, similarity);
    }
    return best.sorted().map(({ item, score }) => ({ seq: item, similarity: score }));
  }

  // Every time, not once: a rolled-back transaction would take a one-off mark with it.
  private markStale(): void {
    markVectorIndexStale(this.sql);
  }
}
