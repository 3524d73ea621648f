import { cosineSimilarity } from './cosine';
import { Int8Matrix, type VectorKernel } from './int8-matrix';
import { quantizeInt8 } from './quantize-int8';
import { TopK } from './top-k';

/** Filter values of a row, as small integers (see VectorIndex's id interning). */
export interface RowTags {
  room: number;
  /** -1 when the memory has no world. */
  world: number;
  entity: number;
  unique: boolean;
}

export interface PartitionQuery {
  vector: Float32Array;
  k: number;
  minSimilarity?: number;
  room?: number;
  world?: number;
  entity?: number;
  uniqueOnly?: boolean;
}

export interface PartitionHit {
  seq: number;
  /** Exact cosine similarity, from the stored float vector. */
  similarity: number;
  /** The stored vector (read for rescoring anyway). */
  vector: Float32Array;
}

/** Reads the stored float vectors of these memories (absent ones are left out). */
export type FetchVectors = (seqs: number[]) => Map<number, Float32Array>;

/** Float32 rounding in the stored scale factors is ~1e-7 relative; this covers it with room to spare. */
const BOUND_SLACK = 1e-6;
/** Candidates rescored in the first pass, per wanted result (a few extra absorb near ties). */
const firstPass = (k: number): number => k + 2;

function grown<T extends Float64Array | Int32Array | Uint8Array>(
  array: T,
  capacity: number,
  make: (n: number) => T,
): T {
  if (array.length >= capacity) return array;
  const next = make(Math.max(capacity, Math.ceil(array.length * 1.5)));
  next.set(array);
  return next;
}

/**
 * The vectors of one (agent, memory type, dimension), int8-quantized in
 * memory. A search scores every matching row by int8 dot product (SIMD),
 * then rescores with the exact float vectors: first the best few, then
 * every row whose score plus its quantization error bound could still beat
 * the k-th exact similarity. So the result equals an exact scan's, while
 * only a few dozen float vectors are read per query.
 *
 * Error bound: with v = s_v c_v + e_v (codes c, scale s, residual e) and the
 * same for q, |v.q - s_v s_q c_v.c_q| <= (|v| + |e_v|) |e_q| + |e_v| |q|;
 * divided by |v| |q| that is eq (1 + rel) + rel, with eq = |e_q|/|q| and
 * rel = |e_v|/|v| kept per row.
 */
export class VectorPartition {
  count = 0;
  private readonly matrix: Int8Matrix;
  private readonly slotOf = new Map<number, number>();
  private seqs = new Float64Array(16);
  /** s_v / |v|: turns an int8 dot product into an approximate cosine. */
  private factor = new Float64Array(16);
  /** |e_v| / |v|. */
  private rel = new Float64Array(16);
  /** The largest rel of any row added (an upper bound; removals do not lower it). */
  private maxRel = 0;
  private rooms = new Int32Array(16);
  private worlds = new Int32Array(16);
  private entities = new Int32Array(16);
  private unique = new Uint8Array(16);
  /** Slots of each room: a room filter (the common one) visits only its own rows. */
  private readonly byRoom = new Map<number, Set<number>>();
  private scratchSlots = new Int32Array(16);
  private scratchApprox = new Float64Array(16);

  constructor(
    readonly dims: number,
    kernel: VectorKernel,
  ) {
    this.matrix = new Int8Matrix(dims, kernel);
  }

  has(seq: number): boolean {
    return this.slotOf.has(seq);
  }

  /** Adds or replaces the vector of `seq`. A zero vector is not indexed (its cosine is undefined). */
  add(seq: number, tags: RowTags, vector: Float32Array): void {
    let slot = this.slotOf.get(seq);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.count;
      this.reserve(slot + 1);
    }
    const quantized = quantizeInt8(vector, this.matrix.codes, this.matrix.rowOffset(slot));
    if (quantized.norm === 0) {
      if (!isNew) this.remove(seq);
      return;
    }
    if (isNew) {
      this.slotOf.set(seq, slot);
      this.count += 1;
    } else {
      this.roomSlots(this.rooms[slot]).delete(slot);
    }
    this.roomSlots(tags.room).add(slot);
    this.seqs[slot] = seq;
    this.factor[slot] = quantized.scale / quantized.norm;
    this.rel[slot] = quantized.residual / quantized.norm;
    if (this.rel[slot] > this.maxRel) this.maxRel = this.rel[slot];
    this.rooms[slot] = tags.room;
    this.worlds[slot] = tags.world;
    this.entities[slot] = tags.entity;
    this.unique[slot] = tags.unique ? 1 : 0;
  }

  remove(seq: number): void {
    const slot = this.slotOf.get(seq);
    if (slot === undefined) return;
    this.slotOf.delete(seq);
    this.roomSlots(this.rooms[slot]).delete(slot);
    const last = this.count - 1;
    if (slot !== last) {
      const room = this.roomSlots(this.rooms[last]);
      room.delete(last);
      room.add(slot);
      // Keep rows dense: the last row moves into the hole.
      this.matrix.copyRow(last, slot);
      this.seqs[slot] = this.seqs[last];
      this.factor[slot] = this.factor[last];
      this.rel[slot] = this.rel[last];
      this.rooms[slot] = this.rooms[last];
      this.worlds[slot] = this.worlds[last];
      this.entities[slot] = this.entities[last];
      this.unique[slot] = this.unique[last];
      this.slotOf.set(this.seqs[slot], slot);
    }
    this.count = last;
  }

  /** The k rows most cosine-similar to the query among those matching its filters, best first. */
  search(query: PartitionQuery, fetch: FetchVectors): PartitionHit[] {
    if (this.count === 0 || query.k <= 0) return [];
    const q = quantizeInt8(query.vector, this.matrix.codes, 0);
    if (q.norm === 0) return [];
    const n = this.score(query, q.scale / q.norm);
    if (n === 0) return [];
    const slots = this.scratchSlots;
    const approx = this.scratchApprox;
    const minimum = query.minSimilarity ?? Number.NEGATIVE_INFINITY;

    const best = new TopK<number>(Math.min(n, firstPass(query.k)));
    let threshold = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (approx[i] <= threshold) continue; // the common case, without a call
      best.offer(i, approx[i]);
      threshold = best.threshold;
    }
    const eq = q.residual / q.norm;
    // The most the exact cosine of row i can exceed its approximation by.
    const bound = (i: number): number => {
      const rel = this.rel[slots[i]];
      return eq + rel * (1 + eq) + BOUND_SLACK;
    };
    const exact = new Map<number, { similarity: number; vector: Float32Array }>();
    // With a minimum similarity (e.g. the 0.95 near-duplicate check), rows that cannot reach it are not read.
    const first = best
      .sorted()
      .map((entry) => entry.item)
      .filter((i) => approx[i] + bound(i) >= minimum);
    if (first.length > 0) this.rescore(first, query.vector, q.norm, fetch, exact);

    const ranked = [...exact.values()].map((hit) => hit.similarity).sort((a, b) => b - a);
    const kth = ranked.length >= query.k ? ranked[query.k - 1] : Number.NEGATIVE_INFINITY;
    const cutoff = Math.max(kth, minimum);
    const more: number[] = [];
    // Rows below cutoff - largest possible bound are out without looking at their own bound.
    const quickOut = cutoff - (eq + this.maxRel * (1 + eq) + BOUND_SLACK);
    for (let i = 0; i < n; i++) {
      if (approx[i] < quickOut) continue;
      if (approx[i] + bound(i) >= cutoff && !exact.has(i)) more.push(i);
    }
    if (more.length > 0) this.rescore(more, query.vector, q.norm, fetch, exact);

    const hits: PartitionHit[] = [];
    for (const [i, { similarity, vector }] of exact) {
      if (similarity >= minimum) hits.push({ seq: this.seqs[slots[i]], similarity, vector });
    }
    hits.sort((a, b) => b.similarity - a.similarity || a.seq - b.seq);
    return hits.slice(0, query.k);
  }

  /**
   * search() for vectors read from a database server: the approximate scores
   * are taken first (synchronously), so the partition may change while the
   * exact vectors are read; rows are named by seq from then on.
   */
  async searchAsync(
    query: PartitionQuery,
    fetch: (seqs: number[]) => Promise<Map<number, Float32Array>>,
  ): Promise<PartitionHit[]> {
    if (this.count === 0 || query.k <= 0) return [];
    const q = quantizeInt8(query.vector, this.matrix.codes, 0);
    if (q.norm === 0) return [];
    const n = this.score(query, q.scale / q.norm);
    if (n === 0) return [];
    const seqs = new Float64Array(n);
    const approx = this.scratchApprox.slice(0, n);
    const rel = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      seqs[i] = this.seqs[this.scratchSlots[i]];
      rel[i] = this.rel[this.scratchSlots[i]];
    }
    const minimum = query.minSimilarity ?? Number.NEGATIVE_INFINITY;
    const eq = q.residual / q.norm;
    const bound = (i: number): number => eq + rel[i] * (1 + eq) + BOUND_SLACK;
    const best = new TopK<number>(Math.min(n, firstPass(query.k)));
    for (let i = 0; i < n; i++) best.offer(i, approx[i]);
    const exact = new Map<number, { similarity: number; vector: Float32Array }>();
    const rescore = async (indexes: number[]): Promise<void> => {
      const vectors = await fetch(indexes.map((i) => seqs[i]));
      for (const i of indexes) {
        const vector = vectors.get(seqs[i]);
        if (!vector || vector.length !== this.dims) continue; // deleted meanwhile
        const similarity = cosineSimilarity(query.vector, q.norm, vector);
        if (!Number.isNaN(similarity)) exact.set(i, { similarity, vector });
      }
    };
    const first = best
      .sorted()
      .map((entry) => entry.item)
      .filter((i) => approx[i] + bound(i) >= minimum);
    if (first.length > 0) await rescore(first);
    const ranked = [...exact.values()].map((hit) => hit.similarity).sort((a, b) => b - a);
    const cutoff = Math.max(ranked.length >= query.k ? ranked[query.k - 1] : Number.NEGATIVE_INFINITY, minimum);
    const more: number[] = [];
    for (let i = 0; i < n; i++) if (approx[i] + bound(i) >= cutoff && !exact.has(i)) more.push(i);
    if (more.length > 0) await rescore(more);
    const hits: PartitionHit[] = [];
    for (const [i, { similarity, vector }] of exact)
      if (similarity >= minimum) hits.push({ seq: seqs[i], similarity, vector });
    hits.sort((a, b) => b.similarity - a.similarity || a.seq - b.seq);
    return hits.slice(0, query.k);
  }

  /**
   * Fills scratchSlots[0..n) with the matching rows and scratchApprox with
   * their approximate cosine; returns n. A selective filter scores only its
   * rows; otherwise one pass of the kernel scores them all.
   */
  private score(query: PartitionQuery, queryFactor: number): number {
    const { count, matrix, factor } = this;
    const slots = this.scratchSlots;
    const approx = this.scratchApprox;
    const filtered =
      query.room !== undefined || query.world !== undefined || query.entity !== undefined || query.uniqueOnly === true;
    if (!filtered) {
      matrix.dotsAll(count);
      const out = matrix.out;
      for (let slot = 0; slot < count; slot++) {
        slots[slot] = slot;
        approx[slot] = out[slot] * factor[slot] * queryFactor;
      }
      return count;
    }
    let n = 0;
    const keep = (slot: number): void => {
      if (query.world !== undefined && this.worlds[slot] !== query.world) return;
      if (query.entity !== undefined && this.entities[slot] !== query.entity) return;
      if (query.uniqueOnly === true && this.unique[slot] === 0) return;
      slots[n++] = slot;
    };
    if (query.room !== undefined) {
      for (const slot of this.byRoom.get(query.room) ?? []) keep(slot);
    } else {
      for (let slot = 0; slot < count; slot++) keep(slot);
    }
    if (n * 4 >= count) {
      matrix.dotsAll(count);
      const out = matrix.out;
      for (let i = 0; i < n; i++) approx[i] = out[slots[i]] * factor[slots[i]] * queryFactor;
    } else {
      for (let i = 0; i < n; i++) approx[i] = matrix.dotRow(slots[i]) * factor[slots[i]] * queryFactor;
    }
    return n;
  }

  private rescore(
    indexes: number[],
    query: Float32Array,
    queryNorm: number,
    fetch: FetchVectors,
    into: Map<number, { similarity: number; vector: Float32Array }>,
  ): void {
    const slots = this.scratchSlots;
    const vectors = fetch(indexes.map((i) => this.seqs[slots[i]]));
    for (const i of indexes) {
      const vector = vectors.get(this.seqs[slots[i]]);
      if (!vector || vector.length !== this.dims) continue; // deleted meanwhile by another writer
      const similarity = cosineSimilarity(query, queryNorm, vector);
      if (!Number.isNaN(similarity)) into.set(i, { similarity, vector });
    }
  }

  private roomSlots(room: number): Set<number> {
    let slots = this.byRoom.get(room);
    if (!slots) {
      slots = new Set();
      this.byRoom.set(room, slots);
    }
    return slots;
  }

  private reserve(rows: number): void {
    if (rows <= this.seqs.length) return;
    this.matrix.reserve(rows);
    this.seqs = grown(this.seqs, rows, (n) => new Float64Array(n));
    this.factor = grown(this.factor, rows, (n) => new Float64Array(n));
    this.rel = grown(this.rel, rows, (n) => new Float64Array(n));
    this.rooms = grown(this.rooms, rows, (n) => new Int32Array(n));
    this.worlds = grown(this.worlds, rows, (n) => new Int32Array(n));
    this.entities = grown(this.entities, rows, (n) => new Int32Array(n));
    this.unique = grown(this.unique, rows, (n) => new Uint8Array(n));
    this.scratchSlots = new Int32Array(this.seqs.length);
    this.scratchApprox = new Float64Array(this.seqs.length);
  }
}
