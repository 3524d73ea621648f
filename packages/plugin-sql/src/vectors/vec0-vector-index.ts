import type { SqlRunner } from '../connection/sql-runner';
import { norm } from './cosine';
import { fromFloat32Blob } from './float32-blob';
import type { VectorEntry, VectorHit, VectorIndex, VectorQuery } from './vector-index';
import { clearVectorIndexStale, isVectorIndexStale } from './vector-index-staleness';

/** sqlite-vec refuses larger k. */
const MAX_K = 4096;
const REBUILD_BATCH = 1000;

export function vecTableName(dimension: number): string {
  return `vec_memories_${dimension}`;
}

/**
 * One sqlite-vec `vec0` table per dimension, created on first use. Agent and
 * memory type are partition keys, so a search only scans that agent's
 * memories of that table; room, world, entity and the unique flag are
 * metadata columns that vec0 filters during the scan, so a filtered KNN
 * stays exact (no oversample-then-filter).
 */
export class Vec0VectorIndex implements VectorIndex {
  readonly kind = 'sqlite-vec';
  private readonly ready = new Set<number>();

  constructor(private readonly sql: SqlRunner) {
    if (isVectorIndexStale(sql)) this.rebuild();
  }

  prepare(dimension: number): void {
    if (this.ready.has(dimension)) return;
    this.sql.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${vecTableName(dimension)} USING vec0(
      agent_id text partition key,
      type text partition key,
      embedding float[${dimension}] distance_metric=cosine,
      room_id text,
      world_id text,
      entity_id text,
      is_unique integer)`);
    this.ready.add(dimension);
  }

  add(entry: VectorEntry): void {
    if (norm(entry.vector) === 0) return;
    const dimension = entry.vector.length;
    this.prepare(dimension);
    // vec0 wants integers as BigInt: a JS number binds as REAL.
    this.sql.run(
      `INSERT INTO ${vecTableName(dimension)} (rowid, agent_id, type, embedding, room_id, world_id, entity_id, is_unique)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      BigInt(entry.seq),
      entry.agentId,
      entry.type,
      entry.vector,
      entry.roomId,
      entry.worldId ?? '',
      entry.entityId,
      entry.unique ? 1n : 0n,
    );
  }

  remove(seq: number, dimension: number): void {
    if (!this.exists(dimension)) return;
    this.sql.run(`DELETE FROM ${vecTableName(dimension)} WHERE rowid = ?`, BigInt(seq));
  }

  search(query: VectorQuery): VectorHit[] {
    const dimension = query.vector.length;
    if (!this.exists(dimension) || norm(query.vector) === 0) return [];
    const filters: string[] = [];
    const params: string[] = [];
    if (query.roomId !== undefined) filters.push('AND room_id = ?'), params.push(query.roomId);
    if (query.worldId !== undefined) filters.push('AND world_id = ?'), params.push(query.worldId);
    if (query.entityId !== undefined) filters.push('AND entity_id = ?'), params.push(query.entityId);
    if (query.unique) filters.push('AND is_unique = 1');
    const rows = this.sql.all<{ seq: number; distance: number }>(
      `SELECT rowid AS seq, distance FROM ${vecTableName(dimension)}
       WHERE embedding MATCH ? AND k = ? AND agent_id = ? AND type = ? ${filters.join(' ')}`,
      query.vector,
      BigInt(Math.min(Math.max(1, Math.floor(query.k)), MAX_K)),
      query.agentId,
      query.type,
      ...params,
    );
    return rows.map((row) => ({ seq: row.seq, similarity: 1 - row.distance }));
  }

  /** Recreates every vec0 table from the embeddings table (after writes made without sqlite-vec). */
  rebuild(): void {
    this.sql.write(() => {
      const existing = this.sql.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'vec_memories_[0-9]*' AND name NOT GLOB '*_*_*_*'",
      );
      for (const { name } of existing) this.sql.exec(`DROP TABLE IF EXISTS ${name}`);
      this.ready.clear();
      // Batches: better-sqlite3 cannot write while a read is being iterated.
      let after = -1;
      for (;;) {
        const rows = this.sql.all<RebuildRow>(
          `SELECT e.memory_seq AS seq, e.vector, m.agent_id, m.type, m.room_id, m.world_id, m.entity_id, m.is_unique
           FROM embeddings e JOIN memories m ON m.seq = e.memory_seq
           WHERE e.memory_seq > ? ORDER BY e.memory_seq LIMIT ${REBUILD_BATCH}`,
          after,
        );
        for (const row of rows) this.add(toEntry(row));
        if (rows.length < REBUILD_BATCH) break;
        after = rows[rows.length - 1].seq;
      }
      clearVectorIndexStale(this.sql);
    });
  }

  private exists(dimension: number): boolean {
    if (this.ready.has(dimension)) return true;
    const row = this.sql.get<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", vecTableName(dimension));
    if (row) this.ready.add(dimension);
    return row !== undefined;
  }
}

interface RebuildRow {
  seq: number;
  vector: Buffer;
  agent_id: string;
  type: string;
  room_id: string;
  world_id: string | null;
  entity_id: string;
  is_unique: number;
}

function toEntry(row: RebuildRow): VectorEntry {
  return {
    seq: row.seq,
    agentId: row.agent_id,
    type: row.type,
    roomId: row.room_id,
    worldId: row.world_id,
    entityId: row.entity_id,
    unique: row.is_unique === 1,
    vector: fromFloat32Blob(row.vector),
  };
}
