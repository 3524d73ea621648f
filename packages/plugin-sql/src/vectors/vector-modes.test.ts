import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid, type UUID } from '@kith/core';
import { createDatabaseAdapter } from '../create-database-adapter';
import { SqlErrorCode } from '../errors';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { unitVector, vectorAtSimilarity } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../test-support/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-vectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function open(filename: string, agentId: UUID, disableVectorExtension = false): Promise<SqliteDatabaseAdapter> {
  const adapter = createDatabaseAdapter({ dataDir: dir, filename, disableVectorExtension, logger: silentLogger() }, agentId);
  await adapter.init();
  return adapter;
}

describe('sqlite-vec and the exact-scan fallback', () => {
  it('report which backend they use', async () => {
    const vec = await open('kind-vec.db', randomUuid());
    const scan = await open('kind-scan.db', randomUuid(), true);
    expect(vec.vectorBackend).toBe('sqlite-vec');
    expect(scan.vectorBackend).toBe('exact-scan');
    await vec.close();
    await scan.close();
  });

  it('honours KITH_DISABLE_SQLITE_VEC', async () => {
    process.env.KITH_DISABLE_SQLITE_VEC = '1';
    try {
      const adapter = createDatabaseAdapter({ dataDir: dir, filename: 'env-off.db', logger: silentLogger() }, randomUuid());
      await adapter.init();
      expect(adapter.vectorBackend).toBe('exact-scan');
      await adapter.close();
    } finally {
      delete process.env.KITH_DISABLE_SQLITE_VEC;
    }
  });

  it('return the same top results, filtered or not', async () => {
    const agentId = randomUuid();
    const vec = await open('same-vec.db', agentId);
    const scan = await open('same-scan.db', agentId, true);
    const rooms = [randomUuid(), randomUuid(), randomUuid()];
    const centres = [1, 2, 3, 4].map((seed) => unitVector(seed));
    for (let i = 0; i < 400; i++) {
      // Clustered vectors: near ties are common, which is where two engines would disagree.
      const embedding = vectorAtSimilarity(centres[i % 4], 0.6 + (i % 7) * 0.05, 1000 + i);
      const memory = { id: randomUuid(), entityId: agentId, roomId: rooms[i % 3], content: { text: `m${i}` }, embedding };
      await vec.createMemory(memory, 'facts');
      await scan.createMemory(memory, 'facts');
    }
    for (let q = 0; q < 12; q++) {
      const embedding = vectorAtSimilarity(centres[q % 4], 0.8, 5000 + q);
      const params = { tableName: 'facts', embedding, count: 10, roomId: q % 2 ? rooms[q % 3] : undefined, unique: q % 3 === 0 };
      const a = await vec.searchMemories(params);
      const b = await scan.searchMemories(params);
      expect(a.map((m) => m.id)).toEqual(b.map((m) => m.id));
      a.forEach((m, i) => expect(m.similarity).toBeCloseTo(b[i].similarity ?? 0, 5));
    }
    // Same near-duplicate verdicts too.
    const uniques = async (adapter: SqliteDatabaseAdapter) =>
      (await adapter.getMemories({ tableName: 'facts' })).map((m) => `${m.id}:${m.unique}`).sort();
    expect(await uniques(vec)).toEqual(await uniques(scan));
    await vec.close();
    await scan.close();
  });

  it('rebuild the sqlite-vec tables after writes made without it', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const first = await open('rebuild.db', agentId);
    const kept = await first.createMemory({ entityId: agentId, roomId: room, content: { text: 'kept' }, embedding: unitVector(1) }, 'facts');
    const dropped = await first.createMemory({ entityId: agentId, roomId: room, content: { text: 'dropped' }, embedding: unitVector(2) }, 'facts');
    await first.close();

    const fallback = await open('rebuild.db', agentId, true);
    const added = await fallback.createMemory({ entityId: agentId, roomId: room, content: { text: 'added' }, embedding: unitVector(3) }, 'facts');
    await fallback.deleteMemory(dropped);
    await fallback.updateMemory({ id: kept, embedding: unitVector(4) });
    await fallback.close();

    const again = await open('rebuild.db', agentId);
    const top = async (seed: number) => (await again.searchMemories({ tableName: 'facts', embedding: unitVector(seed), count: 1 }))[0];
    expect((await top(3)).id).toBe(added);
    expect((await top(4)).id).toBe(kept);
    expect((await top(4)).similarity).toBeCloseTo(1, 4);
    expect((await again.searchMemories({ tableName: 'facts', embedding: unitVector(2), count: 5 })).map((m) => m.id)).not.toContain(dropped);
    const sqlite = await again.getConnection();
    expect(sqlite.prepare("SELECT value FROM kith_meta WHERE key = 'vector_index_stale'").get()).toBeUndefined();
    await again.close();
  });

  it.each([false, true])('store zero vectors but never return them from search (fallback: %s)', async (fallback) => {
    const agentId = randomUuid();
    const adapter = await open(`zero-${fallback}.db`, agentId, fallback);
    const room = randomUuid();
    const zero = await adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'z' }, embedding: new Array(384).fill(0) }, 'facts');
    await adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'v' }, embedding: unitVector(1) }, 'facts');
    expect((await adapter.getMemoryById(zero))?.embedding).toEqual(new Array(384).fill(0));
    const hits = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1), count: 5 });
    expect(hits.map((m) => m.content.text)).toEqual(['v']);
    expect(await adapter.searchMemories({ tableName: 'facts', embedding: new Array(384).fill(0) })).toEqual([]);
    await adapter.close();
  });

  it('reject unsupported dimensions with a stable code', async () => {
    const adapter = await open('unsupported.db', randomUuid());
    await expect(adapter.ensureEmbeddingDimension(100)).rejects.toMatchObject({ code: SqlErrorCode.UNSUPPORTED_EMBEDDING_DIMENSION });
    await expect(
      adapter.createMemory({ entityId: randomUuid(), roomId: randomUuid(), content: {}, embedding: [1, 2, 3] }, 'facts'),
    ).rejects.toMatchObject({ code: SqlErrorCode.UNSUPPORTED_EMBEDDING_DIMENSION });
    expect(await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1) })).toEqual([]);
    await adapter.close();
  });

  it('names both dimensions and the fix in a mismatch', async () => {
    const adapter = await open('mismatch.db', randomUuid());
    await adapter.ensureEmbeddingDimension(768);
    await expect(adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1, 384) })).rejects.toThrow(
      /384 dimensions but this agent stores 768-dimension vectors.*new data directory/,
    );
    await adapter.close();
  });
});
