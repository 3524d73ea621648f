import { seededRandom } from '@kith/core/test';
import type { VectorKernel } from './int8-matrix';
import { type PartitionQuery, type RowTags, VectorPartition } from './vector-partition';

const DIMS = 384;

/** Clustered vectors with exact duplicates and near ties: where an approximate index goes wrong. */
function dataset(count: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const centres = Array.from({ length: 8 }, () => Float32Array.from({ length: DIMS }, () => random() - 0.5));
  const rows: Float32Array[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 17 === 16) {
      rows.push(Float32Array.from(rows[i - 3])); // exact duplicate
      continue;
    }
    const centre = centres[i % centres.length];
    const spread = i % 5 === 0 ? 0.001 : 0.3; // some rows almost on the centre: near ties
    rows.push(Float32Array.from(centre, (value) => value + spread * (random() - 0.5)));
  }
  return rows;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

const tagsOf = (i: number): RowTags => ({
  room: i % 3,
  world: i % 2 === 0 ? 7 : -1,
  entity: i % 5,
  unique: i % 4 !== 0,
});

/** The exact answer: brute force over every row matching the filters. */
function bruteForce(rows: Map<number, Float32Array>, query: PartitionQuery): { seq: number; similarity: number }[] {
  const hits: { seq: number; similarity: number }[] = [];
  for (const [seq, vector] of rows) {
    const tags = tagsOf(seq);
    if (query.room !== undefined && tags.room !== query.room) continue;
    if (query.world !== undefined && tags.world !== query.world) continue;
    if (query.entity !== undefined && tags.entity !== query.entity) continue;
    if (query.uniqueOnly && !tags.unique) continue;
    const similarity = cosine(query.vector, vector);
    if (similarity >= (query.minSimilarity ?? Number.NEGATIVE_INFINITY)) hits.push({ seq, similarity });
  }
  return hits.sort((a, b) => b.similarity - a.similarity || a.seq - b.seq).slice(0, query.k);
}

describe.each(['wasm-simd', 'js'] as VectorKernel[])('VectorPartition (%s kernel)', (kernel) => {
  const rows = new Map<number, Float32Array>();
  const partition = new VectorPartition(DIMS, kernel);
  const fetch = (seqs: number[]) =>
    new Map(seqs.flatMap((seq) => (rows.has(seq) ? [[seq, rows.get(seq) as Float32Array] as const] : [])));

  beforeAll(() => {
    dataset(3000, 1).forEach((vector, seq) => {
      rows.set(seq, vector);
      partition.add(seq, tagsOf(seq), vector);
    });
  });

  it('returns exactly the top k of a brute-force scan, with exact similarities', () => {
    const queries = dataset(40, 2);
    for (const [q, vector] of queries.entries()) {
      const query: PartitionQuery = { vector, k: [1, 10, 25][q % 3] };
      const got = partition.search(query, fetch);
      const want = bruteForce(rows, query);
      // Equal similarities (duplicates) may come in either order; the scores may not differ.
      expect(got.map((hit) => hit.similarity)).toEqual(want.map((hit) => expect.closeTo(hit.similarity, 12)));
      expect(new Set(got.map((hit) => hit.seq))).toEqual(new Set(want.map((hit) => hit.seq)));
    }
  });

  it('applies filters and the minimum similarity inside the search', () => {
    const queries = dataset(24, 3);
    for (const [q, vector] of queries.entries()) {
      const query: PartitionQuery = {
        vector,
        k: 10,
        room: q % 4 === 0 ? undefined : q % 3,
        world: q % 5 === 0 ? 7 : undefined,
        entity: q % 6 === 0 ? 2 : undefined,
        uniqueOnly: q % 2 === 0,
        minSimilarity: q % 3 === 0 ? 0.95 : undefined,
      };
      const got = partition.search(query, fetch).map((hit) => hit.similarity);
      expect(got).toEqual(bruteForce(rows, query).map((hit) => expect.closeTo(hit.similarity, 12)));
    }
  });

  it('follows removals and replacements', () => {
    const query = dataset(1, 4)[0];
    const [first] = partition.search({ vector: query, k: 1 }, fetch);
    partition.remove(first.seq);
    rows.delete(first.seq);
    expect(partition.has(first.seq)).toBe(false);
    expect(partition.search({ vector: query, k: 5 }, fetch).map((hit) => hit.seq)).toEqual(
      bruteForce(rows, { vector: query, k: 5 }).map((hit) => hit.seq),
    );

    const replaced = 42;
    rows.set(replaced, Float32Array.from(query));
    partition.add(replaced, tagsOf(replaced), query);
    const [top] = partition.search({ vector: query, k: 1 }, fetch);
    expect(top.seq).toBe(replaced);
    expect(top.similarity).toBeCloseTo(1, 6);
    expect(partition.count).toBe(rows.size);
  });

  it('stays exact through churn: removals, and replacements that move rows between rooms', () => {
    const random = seededRandom(11);
    const seqs = [...rows.keys()];
    const moved = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const seq = seqs[Math.floor(random() * seqs.length)];
      if (!rows.has(seq)) continue;
      if (i % 2 === 0) {
        partition.remove(seq);
        rows.delete(seq);
      } else {
        moved.set(seq, (tagsOf(seq).room + 1) % 3);
        partition.add(seq, { ...tagsOf(seq), room: moved.get(seq) as number }, rows.get(seq) as Float32Array);
      }
    }
    const roomOf = (seq: number) => moved.get(seq) ?? tagsOf(seq).room;
    for (const [q, vector] of dataset(12, 6).entries()) {
      const room = q % 3;
      const got = partition.search({ vector, k: 10, room }, fetch);
      const want = [...rows.entries()]
        .filter(([seq]) => roomOf(seq) === room)
        .map(([seq, v]) => ({ seq, similarity: cosine(vector, v) }))
        .sort((a, b) => b.similarity - a.similarity || a.seq - b.seq)
        .slice(0, 10);
      expect(got.map((hit) => hit.seq)).toEqual(want.map((hit) => hit.seq));
    }
    expect(partition.count).toBe(rows.size);
  });

  it('never indexes zero vectors and returns nothing for a zero query', () => {
    const zero = new Float32Array(DIMS);
    partition.add(99_999, tagsOf(1), zero);
    expect(partition.has(99_999)).toBe(false);
    expect(partition.search({ vector: zero, k: 3 }, fetch)).toEqual([]);
  });

  it('returns every row when k exceeds them, and skips rows whose vector is gone', () => {
    const small = new VectorPartition(DIMS, kernel);
    const vectors = dataset(5, 5);
    vectors.forEach((vector, seq) => small.add(seq, tagsOf(seq), vector));
    const all = small.search({ vector: vectors[0], k: 50 }, (seqs) => new Map(seqs.map((seq) => [seq, vectors[seq]])));
    expect(all.map((hit) => hit.seq).sort()).toEqual([0, 1, 2, 3, 4]);
    const missing = small.search(
      { vector: vectors[0], k: 50 },
      (seqs) => new Map(seqs.filter((seq) => seq !== 0).map((seq) => [seq, vectors[seq]])),
    );
    expect(missing.map((hit) => hit.seq).sort()).toEqual([1, 2, 3, 4]);
  });
});
