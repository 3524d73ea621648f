import { type MemoryRow, SharedEmbedding, toMemory, type VectorLoader } from './memory-row';

/** A row whose stored vector is `vector` (null: none), with the loader that reads it and counts reads. */
function stored(vector: number[] | null): { row: MemoryRow; load: VectorLoader; reads: () => number } {
  let reads = 0;
  const load: VectorLoader = (seq) => {
    reads += 1;
    return seq === 7 && vector ? Float32Array.from(vector) : undefined;
  };
  return { row: row(vector ? vector.length : null), load, reads: () => reads };
}

const row = (dimension: number | null): MemoryRow => [
  7,
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
  'messages',
  '00000000-0000-4000-8000-000000000003',
  '00000000-0000-4000-8000-000000000004',
  null,
  '{"text":"hi"}',
  '{}',
  1,
  1_700_000_000_000,
  dimension,
];

describe('toMemory', () => {
  it('gives the stored vector as a plain, enumerable, serialisable property', () => {
    const { row: r, load, reads } = stored([0.5, -0.25, 1]);
    const memory = toMemory(r, load);
    expect(reads()).toBe(0);
    expect(Object.keys(memory)).toContain('embedding');
    expect(JSON.parse(JSON.stringify(memory)).embedding).toEqual([0.5, -0.25, 1]);
    expect({ ...memory }.embedding).toEqual([0.5, -0.25, 1]);
    expect(structuredClone(memory).embedding).toEqual([0.5, -0.25, 1]);
    expect(memory.embedding).toBe(memory.embedding);
    // Read from the file once, then a plain value.
    expect(reads()).toBe(1);
  });

  it('takes a vector the caller already holds as is', () => {
    expect(toMemory(row(null), Float32Array.from([0.5, 2])).embedding).toEqual([0.5, 2]);
  });

  it('gives undefined when the stored vector is gone by the time it is read', () => {
    const memory = toMemory(row(3), () => undefined);
    expect('embedding' in memory).toBe(true);
    expect(memory.embedding).toBeUndefined();
  });

  it('lets the embedding be replaced or removed like any property', () => {
    const replaced = toMemory(stored([1, 2]).row, stored([1, 2]).load);
    replaced.embedding = [3];
    expect(replaced.embedding).toEqual([3]);
    const removed = toMemory(stored([1, 2]).row, stored([1, 2]).load);
    delete removed.embedding;
    expect('embedding' in removed).toBe(false);
  });

  it('has no embedding property when nothing is stored', () => {
    const { row: r, load, reads } = stored(null);
    expect('embedding' in toMemory(r, load)).toBe(false);
    expect(reads()).toBe(0);
    expect(toMemory(r, load)).toStrictEqual({
      id: '00000000-0000-4000-8000-000000000001',
      agentId: '00000000-0000-4000-8000-000000000002',
      entityId: '00000000-0000-4000-8000-000000000003',
      roomId: '00000000-0000-4000-8000-000000000004',
      content: { text: 'hi' },
      metadata: {},
      createdAt: 1_700_000_000_000,
      unique: true,
    });
  });
});

describe('toMemory with a SharedEmbedding', () => {
  /** A shared accessor over vectors by memory id, counting reads. */
  function shared(vectors: Record<string, number[]>): { embedding: SharedEmbedding; reads: () => number } {
    let reads = 0;
    const embedding = new SharedEmbedding((id) => {
      reads += 1;
      return vectors[id] ? Float32Array.from(vectors[id]) : undefined;
    });
    return { embedding, reads: () => reads };
  }
  const ID = '00000000-0000-4000-8000-000000000001';

  it('reads the vector stored for the memory id on first use, then holds it as a plain property', () => {
    const { embedding, reads } = shared({ [ID]: [0.5, -0.25, 1] });
    const memory = toMemory(row(3), embedding);
    expect(reads()).toBe(0);
    expect(Object.keys(memory)).toContain('embedding');
    expect(JSON.parse(JSON.stringify(memory)).embedding).toEqual([0.5, -0.25, 1]);
    expect({ ...memory }.embedding).toEqual([0.5, -0.25, 1]);
    expect(structuredClone(memory).embedding).toEqual([0.5, -0.25, 1]);
    expect(memory.embedding).toBe(memory.embedding);
    expect(reads()).toBe(1);
    expect(Object.getOwnPropertyDescriptor(memory, 'embedding')).toMatchObject({
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  it('serves many memories with one accessor pair, each settling its own value', () => {
    const { embedding } = shared({ [ID]: [1] });
    const first = toMemory(row(1), embedding);
    const second = toMemory(row(1), embedding);
    second.embedding = [2];
    expect(first.embedding).toEqual([1]);
    expect(second.embedding).toEqual([2]);
  });

  it('lets the embedding be replaced or removed, and gives undefined when the read fails', () => {
    const removed = toMemory(row(1), shared({ [ID]: [1] }).embedding);
    delete removed.embedding;
    expect('embedding' in removed).toBe(false);
    const failing = toMemory(
      row(1),
      new SharedEmbedding(() => {
        throw new Error('closed');
      }),
    );
    expect(failing.embedding).toBeUndefined();
  });

  it('has no embedding property when nothing is stored, and copies of parsed JSON when given', () => {
    const { embedding, reads } = shared({});
    const parsed = { content: { text: 'hi', actions: ['REPLY'] }, metadata: { type: 'message' } };
    const memory = toMemory(row(null), embedding, parsed);
    expect('embedding' in memory).toBe(false);
    expect(reads()).toBe(0);
    expect(memory.content).toEqual(parsed.content);
    expect(memory.content).not.toBe(parsed.content);
    expect(memory.content.actions).not.toBe(parsed.content.actions);
    expect(memory.metadata).toEqual(parsed.metadata);
  });
});
