import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { VectorKernel } from '../../shared/vectors/int8-matrix';
import { RowTagger } from '../../shared/vectors/row-tagger';
import { type RowTags, VectorPartition } from '../../shared/vectors/vector-partition';
import type { VectorEntry, VectorHit, VectorQuery } from '../../shared/vectors/vector-query';
import type { Change, ChangeFeed, ChangeSubscriber } from '../connection/change-feed';
import type { PgQueryRunner } from '../connection/pg-driver';
import { EMBEDDING, MEMORY_SELECT, type PgMemoryRow } from '../stores/memory-row';

export interface PgVectorHit extends VectorHit {
  /** The memory's row, read with its vector for the rescoring. */
  row?: PgMemoryRow;
}

interface StoredRow {
  seq: number;
  agent_id: string;
  type: string;
  room_id: string;
  world_id: string | null;
  entity_id: string;
  is_unique: boolean;
  dimension: number | null;
  embedding: Uint8Array | null;
}

const ROW_COLUMNS = 'seq, agent_id, type, room_id, world_id, entity_id, is_unique, dimension, embedding';
/** A partition loads in pages: the rows of one page (vectors as hex text) are in memory at once, not the whole store's. */
const LOAD_PAGE = 10_000;
const LOAD_SQL = `SELECT ${ROW_COLUMNS} FROM memories WHERE agent_id = $1 AND type = $2 AND dimension = $3 AND embedding IS NOT NULL AND seq > $4
  ORDER BY seq LIMIT ${LOAD_PAGE}`;
const ROWS_SQL = `SELECT ${ROW_COLUMNS} FROM memories WHERE seq = ANY($1::bigint[])`;
/** Candidates are read whole: their vectors rescore, their rows answer the search (no second read). */
const CANDIDATES_SQL = `${MEMORY_SELECT} WHERE m.seq = ANY($1::bigint[])`;

const partitionKey = (agentId: string, type: string, dims: number): string => `${agentId}\u0000${type}\u0000${dims}`;

/**
 * Exact vector search on PostgreSQL without pgvector: the same in-memory
 * int8 partitions as on SQLite (one per agent, memory type and dimension,
 * loaded from `memories.embedding` on first search), rescored with the
 * stored float vectors read back from the server.
 *
 * Staying in step: this adapter's own writes are applied once committed;
 * anyone else's arrive as change notifications naming the seqs whose vector
 * may have changed, which are read again before the next search. While the
 * change listener is down nothing loaded is trusted: each search loads anew.
 */
export class PgVectorIndex implements ChangeSubscriber {
  private readonly partitions = new Map<string, VectorPartition>();
  private readonly loading = new Map<string, Promise<VectorPartition>>();
  private readonly tagger = new RowTagger();
  private dirty = new Set<number>();
  /** Own changes made while a partition loads, replayed once it is in. */
  private replay: (() => void)[] = [];
  private generation = 0;

  constructor(
    private readonly runner: PgQueryRunner,
    readonly kernel: VectorKernel,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe(this);
  }

  /** Records a committed vector (insert or replacement). */
  add(entry: VectorEntry): void {
    const apply = () => {
      this.removeEverywhere(entry.seq);
      this.partitions
        .get(partitionKey(entry.agentId, entry.type, entry.vector.length))
        ?.add(entry.seq, this.tags(entry), entry.vector);
    };
    apply();
    if (this.loading.size > 0) this.replay.push(apply);
  }

  /** Records committed deletions. */
  remove(seqs: readonly number[]): void {
    const apply = () => {
      for (const seq of seqs) this.removeEverywhere(seq);
    };
    apply();
    if (this.loading.size > 0) this.replay.push(apply);
  }

  changed(change: Change): void {
    if (change.table !== 'memories') return;
    if (change.seqs === null) this.clear();
    else for (const seq of change.seqs) this.dirty.add(seq);
  }

  reset(): void {
    this.clear();
  }

  clear(): void {
    this.partitions.clear();
    this.dirty.clear();
    this.generation += 1;
  }

  /** Exact top-k by cosine similarity among the memories matching every filter, best first. */
  async search(query: VectorQuery): Promise<PgVectorHit[]> {
    const live = this.feed.live;
    await this.catchUp();
    const partition = await this.partition(query.agentId, query.type, query.vector.length);
    const filtered = this.tagger.partitionQuery(query);
    if (!live) this.clear(); // not kept: changes are not heard right now
    if (!filtered) return [];
    const rows = new Map<number, PgMemoryRow>();
    const hits: PgVectorHit[] = await partition.searchAsync(filtered, (seqs) => this.fetch(seqs, rows));
    for (const hit of hits) hit.row = rows.get(hit.seq);
    return hits;
  }

  /** Vectors loaded in memory, all partitions. */
  loadedRows(): number {
    let rows = 0;
    for (const partition of this.partitions.values()) rows += partition.count;
    return rows;
  }

  /** Reads again the rows other writers changed. */
  private async catchUp(): Promise<void> {
    if (this.dirty.size === 0 || this.partitions.size === 0) {
      if (this.partitions.size === 0) this.dirty.clear();
      return;
    }
    const seqs = [...this.dirty];
    this.dirty = new Set();
    const generation = this.generation;
    const { rows } = await this.runner.query<StoredRow>({ text: ROWS_SQL, values: [seqs] });
    if (generation !== this.generation) return;
    for (const seq of seqs) this.removeEverywhere(seq);
    for (const row of rows) {
      if (row.dimension === null || !row.embedding) continue;
      const vector = fromFloat32Blob(row.embedding);
      this.partitions.get(partitionKey(row.agent_id, row.type, vector.length))?.add(row.seq, this.rowTags(row), vector);
    }
  }

  private async partition(agentId: string, type: string, dims: number): Promise<VectorPartition> {
    const key = partitionKey(agentId, type, dims);
    const loaded = this.partitions.get(key);
    if (loaded) return loaded;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key, agentId, type, dims).finally(() => {
        this.loading.delete(key);
        if (this.loading.size === 0) this.replay = [];
      });
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, agentId: string, type: string, dims: number): Promise<VectorPartition> {
    const generation = this.generation;
    const replayFrom = this.replay.length;
    const partition = new VectorPartition(dims, this.kernel);
    for (let after = 0; ;) {
      const { rows } = await this.runner.query<StoredRow>({ text: LOAD_SQL, values: [agentId, type, dims, after] });
      for (const row of rows)
        if (row.embedding) partition.add(Number(row.seq), this.rowTags(row), fromFloat32Blob(row.embedding));
      if (rows.length < LOAD_PAGE) break;
      after = Number(rows[rows.length - 1].seq);
    }
    if (generation === this.generation) {
      this.partitions.set(key, partition);
      // Own writes committed while the rows were read may be missing from them.
      for (const apply of this.replay.slice(replayFrom)) apply();
      await this.catchUp();
    }
    return partition;
  }

  /** The candidates' vectors, for the rescoring; their whole rows go into `rows`. */
  private async fetch(seqs: number[], rows: Map<number, PgMemoryRow>): Promise<Map<number, Float32Array>> {
    const result = await this.runner.query<PgMemoryRow>({ text: CANDIDATES_SQL, values: [seqs], rowMode: 'array' });
    const vectors = new Map<number, Float32Array>();
    for (const row of result.rows) {
      const blob = row[EMBEDDING];
      if (!blob) continue;
      rows.set(Number(row[0]), row);
      vectors.set(Number(row[0]), fromFloat32Blob(blob));
    }
    return vectors;
  }

  private removeEverywhere(seq: number): void {
    for (const partition of this.partitions.values()) if (partition.has(seq)) partition.remove(seq);
  }

  private tags(entry: VectorEntry): RowTags {
    return this.tagger.tags(entry);
  }

  private rowTags(row: StoredRow): RowTags {
    return this.tagger.tags({
      roomId: row.room_id,
      worldId: row.world_id,
      entityId: row.entity_id,
      unique: row.is_unique,
    });
  }
}
