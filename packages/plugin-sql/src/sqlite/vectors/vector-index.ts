import type { SqlRunner } from '../connection/sql-runner';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { VectorKernel } from '../../shared/vectors/int8-matrix';
import { RowTagger } from '../../shared/vectors/row-tagger';
import { type RowTags, VectorPartition } from '../../shared/vectors/vector-partition';
import type { VectorEntry, VectorHit, VectorQuery } from '../../shared/vectors/vector-query';

export type { VectorEntry, VectorHit, VectorQuery } from '../../shared/vectors/vector-query';

interface LoadRow {
  seq: number;
  room_id: string;
  world_id: string | null;
  entity_id: string;
  is_unique: number;
  vector: Buffer;
}

interface AppendRow extends LoadRow {
  agent_id: string;
  type: string;
  dimension: number;
}

const VERSION_SQL = "SELECT value FROM kith_meta WHERE key = 'vector_version'";
const MAX_SEQ_SQL = 'SELECT coalesce(max(memory_seq), 0) AS seq FROM embeddings';
const APPEND_SQL = `SELECT m.seq, m.agent_id, m.type, m.room_id, m.world_id, m.entity_id, m.is_unique, e.dimension, e.vector
  FROM embeddings e JOIN memories m ON m.seq = e.memory_seq WHERE e.memory_seq > ?`;
const LOAD_SQL = `SELECT m.seq, m.room_id, m.world_id, m.entity_id, m.is_unique, e.vector
  FROM memories m JOIN embeddings e ON e.memory_seq = m.seq
  WHERE m.agent_id = ? AND m.type = ? AND e.dimension = ?`;
const FETCH_SQL =
  'SELECT memory_seq AS seq, vector FROM embeddings WHERE memory_seq IN (SELECT value FROM json_each(?))';

/**
 * Exact nearest-neighbour search over the `embeddings` table (the only copy
 * of each vector on disk), through one in-memory VectorPartition per agent,
 * memory type and dimension, loaded on its first search.
 *
 * Staying in step with the file, whoever writes it (this adapter, plugin
 * SQL through `runtime.db`, another process): a vector stored with the
 * largest memory_seq so far is noticed by its seq, and loaded into the
 * partitions on the next sync; every other change to `embeddings` (update,
 * delete, a vector for an older memory) bumps `kith_meta.vector_version` by
 * trigger, and the partitions are dropped and reloaded on their next search.
 * This connection's own writes update the loaded partitions as they happen
 * and adopt the resulting version and largest seq; a rolled-back write
 * leaves a version the index never adopted, so it reloads too.
 */
export class VectorIndex {
  /** Incremented by every in-memory change, so a failed write can tell whether to invalidate. */
  mutations = 0;
  private readonly partitions = new Map<string, VectorPartition>();
  private readonly tagger = new RowTagger();
  private syncedVersion: string | undefined;
  /** The largest embeddings.memory_seq the loaded partitions reflect. */
  private knownMaxSeq = 0;

  constructor(
    private readonly sql: SqlRunner,
    readonly kernel: VectorKernel,
  ) {}

  /** Catches up with changes this index did not make. Call before reading or changing vectors. */
  sync(): void {
    // Nothing loaded, nothing to keep in step: the first partition loaded reads the file's state
    // (most turns of a conversation never search, and these were two reads per write).
    if (this.partitions.size === 0) return;
    const version = this.readVersion();
    const maxSeq = this.readMaxSeq();
    if (version !== this.syncedVersion) {
      this.partitions.clear();
      this.syncedVersion = version;
      this.knownMaxSeq = maxSeq;
      return;
    }
    if (maxSeq <= this.knownMaxSeq) return;
    if (this.partitions.size > 0) {
      for (const row of this.sql.iterate<AppendRow>(APPEND_SQL, this.knownMaxSeq)) {
        this.partitions
          .get(partitionKey(row.agent_id, row.type, row.dimension))
          ?.add(row.seq, this.rowTags(row), fromFloat32Blob(row.vector));
      }
    }
    this.knownMaxSeq = maxSeq;
  }

  /** Forgets everything loaded (after a rolled-back write). */
  invalidate(): void {
    this.partitions.clear();
    this.syncedVersion = undefined;
  }

  /** Records a vector just written to `embeddings` (call after the write, inside its transaction, after sync()). */
  add(entry: VectorEntry): void {
    this.mutations += 1;
    if (this.partitions.size === 0) return;
    this.partitions
      .get(partitionKey(entry.agentId, entry.type, entry.vector.length))
      ?.add(entry.seq, this.tags(entry), entry.vector);
    this.knownMaxSeq = Math.max(this.knownMaxSeq, entry.seq);
    this.syncedVersion = this.readVersion();
  }

  /** Records that these vectors were deleted from `embeddings` (call after the delete, inside its transaction, after sync()). */
  remove(rows: readonly { seq: number; agentId: string; type: string; dimension: number }[]): void {
    if (rows.length === 0) return;
    this.mutations += 1;
    if (this.partitions.size === 0) return;
    for (const row of rows) this.partitions.get(partitionKey(row.agentId, row.type, row.dimension))?.remove(row.seq);
    // Deleting the largest seq lets SQLite hand it out again: it must count as new then.
    this.knownMaxSeq = this.readMaxSeq();
    this.syncedVersion = this.readVersion();
  }

  /** Exact top-k by cosine similarity among the memories matching every filter, best first. */
  search(query: VectorQuery): VectorHit[] {
    this.sync();
    const partition = this.partition(query.agentId, query.type, query.vector.length);
    // A filter value never seen in any stored memory matches nothing.
    const filtered = this.tagger.partitionQuery(query);
    return filtered ? partition.search(filtered, (seqs) => this.fetch(seqs)) : [];
  }

  /** How many vectors are loaded in memory (all partitions). */
  loadedRows(): number {
    let rows = 0;
    for (const partition of this.partitions.values()) rows += partition.count;
    return rows;
  }

  private partition(agentId: string, type: string, dims: number): VectorPartition {
    const key = partitionKey(agentId, type, dims);
    let partition = this.partitions.get(key);
    if (!partition) {
      if (this.partitions.size === 0) {
        // The first partition since nothing was loaded: from here on, sync() tracks changes.
        this.syncedVersion = this.readVersion();
        this.knownMaxSeq = this.readMaxSeq();
      }
      partition = new VectorPartition(dims, this.kernel);
      for (const row of this.sql.iterate<LoadRow>(LOAD_SQL, agentId, type, dims)) {
        partition.add(row.seq, this.rowTags(row), fromFloat32Blob(row.vector));
      }
      this.partitions.set(key, partition);
    }
    return partition;
  }

  private fetch(seqs: number[]): Map<number, Float32Array> {
    const rows = this.sql.all<{ seq: number; vector: Buffer }>(FETCH_SQL, JSON.stringify(seqs));
    return new Map(rows.map((row) => [row.seq, fromFloat32Blob(row.vector)]));
  }

  private readVersion(): string | undefined {
    return this.sql.get<{ value: string }>(VERSION_SQL)?.value;
  }

  private readMaxSeq(): number {
    return this.sql.get<{ seq: number }>(MAX_SEQ_SQL)?.seq ?? 0;
  }

  private tags(entry: VectorEntry): RowTags {
    return this.tagger.tags(entry);
  }

  private rowTags(row: LoadRow): RowTags {
    return this.tagger.tags({
      roomId: row.room_id,
      worldId: row.world_id,
      entityId: row.entity_id,
      unique: row.is_unique === 1,
    });
  }
}

function partitionKey(agentId: string, type: string, dims: number): string {
  return `${agentId}\u0000${type}\u0000${dims}`;
}
