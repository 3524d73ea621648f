import { toFloat32Blob } from '../vectors/float32-blob';
import { type MemoryRow, toMemory } from './memory-row';

const row = (vector: number[] | null): MemoryRow => [
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
  vector ? toFloat32Blob(vector) : null,
];

describe('toMemory', () => {
  it('gives the stored vector as a plain, enumerable, serialisable property', () => {
    const memory = toMemory(row([0.5, -0.25, 1]));
    expect(Object.keys(memory)).toContain('embedding');
    expect(JSON.parse(JSON.stringify(memory)).embedding).toEqual([0.5, -0.25, 1]);
    expect({ ...memory }.embedding).toEqual([0.5, -0.25, 1]);
    expect(structuredClone(memory).embedding).toEqual([0.5, -0.25, 1]);
    expect(memory.embedding).toBe(memory.embedding);
  });

  it('lets the embedding be replaced or removed like any property', () => {
    const replaced = toMemory(row([1, 2]));
    replaced.embedding = [3];
    expect(replaced.embedding).toEqual([3]);
    const removed = toMemory(row([1, 2]));
    delete removed.embedding;
    expect('embedding' in removed).toBe(false);
  });

  it('has no embedding property when nothing is stored', () => {
    expect('embedding' in toMemory(row(null))).toBe(false);
    expect(toMemory(row(null))).toStrictEqual({
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
