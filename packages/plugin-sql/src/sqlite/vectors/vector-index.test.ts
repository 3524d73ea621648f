import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { randomUuid, type UUID } from '@kith/core';
import { unitVector, vectorAtSimilarity } from '@kith/core/test/adapter-contract';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { SqlErrorCode } from '../../errors';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { silentLogger } from '../../testing/silent-logger';
import { toFloat32Blob } from '../../shared/vectors/float32-blob';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-vectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function open(
  filename: string,
  agentId: UUID,
  disableSimd = false,
  logger = silentLogger(),
): Promise<SqliteDatabaseAdapter> {
  const adapter = createDatabaseAdapter({ dataDir: dir, filename, disableSimd, logger }, agentId);
  await adapter.init();
  return adapter;
}

const texts = (memories: { content: { text?: string } }[]) => memories.map((m) => m.content.text);

describe('vector search', () => {
  it('uses the SIMD kernel, or warns and falls back to JavaScript when told to', async () => {
    const simd = await open('kind-simd.db', randomUuid());
    const logger = silentLogger();
    const js = await open('kind-js.db', randomUuid(), true, logger);
    expect(simd.vectorKernel).toBe('wasm-simd');
    expect(js.vectorKernel).toBe('js');
    expect(logger.warnings).toEqual([
      expect.stringMatching(/SIMD is turned off \(KITH_DISABLE_WASM_SIMD\).*same results/),
    ]);
    await simd.close();
    await js.close();
  });

  it('warns and falls back to JavaScript when WebAssembly SIMD cannot load', async () => {
    const global = globalThis as { WebAssembly?: unknown };
    const saved = global.WebAssembly;
    let isolated: typeof import('../../create-database-adapter') | undefined;
    global.WebAssembly = undefined; // as on a runtime without it (e.g. node --jitless)
    try {
      jest.isolateModules(() => {
        isolated = require('../../create-database-adapter') as typeof import('../../create-database-adapter');
      });
      const logger = silentLogger();
      const agentId = randomUuid();
      const adapter = isolated!.createDatabaseAdapter({ dataDir: dir, filename: 'no-wasm.db', logger }, agentId);
      await adapter.init();
      expect(adapter.vectorKernel).toBe('js');
      expect(logger.warnings).toEqual([
        expect.stringMatching(/WebAssembly SIMD is not available.*falls back to plain JavaScript \(same results/),
      ]);
      const room = randomUuid();
      await adapter.createMemory(
        {
          entityId: agentId,
          roomId: room,
          content: { text: 'near' },
          embedding: vectorAtSimilarity(unitVector(5), 0.9, 1),
        },
        'facts',
      );
      await adapter.createMemory(
        {
          entityId: agentId,
          roomId: room,
          content: { text: 'far' },
          embedding: vectorAtSimilarity(unitVector(5), 0.2, 2),
        },
        'facts',
      );
      const hits = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(5), count: 2 });
      expect(texts(hits)).toEqual(['near', 'far']);
      expect(hits[0].similarity).toBeCloseTo(0.9, 5);
      await adapter.close();
    } finally {
      global.WebAssembly = saved;
    }
  });

  it('honours KITH_DISABLE_WASM_SIMD', async () => {
    process.env.KITH_DISABLE_WASM_SIMD = '1';
    try {
      const adapter = createDatabaseAdapter(
        { dataDir: dir, filename: 'env-off.db', logger: silentLogger() },
        randomUuid(),
      );
      await adapter.init();
      expect(adapter.vectorKernel).toBe('js');
      await adapter.close();
    } finally {
      delete process.env.KITH_DISABLE_WASM_SIMD;
    }
  });

  it('gives both kernels the same results and verdicts, equal to an exact scan', async () => {
    const agentId = randomUuid();
    const simd = await open('same-simd.db', agentId);
    const js = await open('same-js.db', agentId, true);
    const rooms = [randomUuid(), randomUuid(), randomUuid()];
    const centres = [1, 2, 3, 4].map((seed) => unitVector(seed));
    const stored: { id: UUID; roomId: UUID; embedding: number[]; unique?: boolean }[] = [];
    for (let i = 0; i < 400; i++) {
      // Clustered vectors: near ties are common, which is where an approximate search would slip.
      const embedding = vectorAtSimilarity(centres[i % 4], 0.6 + (i % 7) * 0.05, 1000 + i);
      const memory = {
        id: randomUuid(),
        entityId: agentId,
        roomId: rooms[i % 3],
        content: { text: `m${i}` },
        embedding,
      };
      await simd.createMemory(memory, 'facts');
      await js.createMemory(memory, 'facts');
      stored.push(memory);
    }
    const verdicts = async (adapter: SqliteDatabaseAdapter) =>
      new Map((await adapter.getMemories({ tableName: 'facts' })).map((m) => [m.id, m.unique]));
    const unique = await verdicts(simd);
    expect(await verdicts(js)).toEqual(unique);
    for (let q = 0; q < 12; q++) {
      const embedding = vectorAtSimilarity(centres[q % 4], 0.8, 5000 + q);
      const roomId = q % 2 ? rooms[q % 3] : undefined;
      const params = { tableName: 'facts', embedding, count: 10, roomId, unique: q % 3 === 0 };
      const a = await simd.searchMemories(params);
      const b = await js.searchMemories(params);
      expect(a.map((m) => m.id)).toEqual(b.map((m) => m.id));
      const exact = stored
        .filter((m) => (roomId === undefined || m.roomId === roomId) && (!params.unique || unique.get(m.id)))
        .map((m) => ({ id: m.id, similarity: m.embedding.reduce((sum, x, i) => sum + x * embedding[i], 0) }))
        .sort((x, y) => y.similarity - x.similarity)
        .slice(0, 10);
      expect(a.map((m) => m.similarity)).toEqual(exact.map((e) => expect.closeTo(e.similarity, 5)));
    }
    await simd.close();
    await js.close();
  });

  it('sees changes another connection made to the file', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const adapter = await open('other-writer.db', agentId);
    const a = await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'a' }, embedding: unitVector(1) },
      'facts',
    );
    const b = await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'b' }, embedding: unitVector(2) },
      'facts',
    );
    expect(texts(await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1), count: 1 }))).toEqual([
      'a',
    ]);

    // Another process (here: another handle on the same file) changes vectors behind the adapter's back.
    const other = new Database(adapter.path);
    other.pragma('busy_timeout = 5000');
    other
      .prepare('UPDATE embeddings SET vector = ? WHERE memory_seq = (SELECT seq FROM memories WHERE id = ?)')
      .run(toFloat32Blob(unitVector(1)), b);
    other.prepare('DELETE FROM memories WHERE id = ?').run(a);
    other.close();

    const hits = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1), count: 5 });
    expect(texts(hits)).toEqual(['b']);
    expect(hits[0].similarity).toBeCloseTo(1, 5);
    await adapter.close();
  });

  it('finds vectors another process added, new or for older memories, and a reused seq', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const adapter = await open('other-inserts.db', agentId);
    const older = await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'older, no vector yet' } },
      'facts',
    );
    await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'last' }, embedding: unitVector(1) },
      'facts',
    );
    await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1) }); // loads the index

    const other = new Database(adapter.path);
    other.pragma('busy_timeout = 5000');
    const insertMemory = other.prepare(
      "INSERT INTO memories (id, agent_id, type, entity_id, room_id, content, metadata, created_at) VALUES (?, ?, 'facts', ?, ?, ?, '{}', 0)",
    );
    const insertVector = other.prepare(
      'INSERT INTO embeddings (memory_seq, dimension, vector) VALUES ((SELECT seq FROM memories WHERE id = ?), 384, ?)',
    );
    const fresh = randomUuid();
    insertMemory.run(fresh, agentId, agentId, room, JSON.stringify({ text: 'fresh' }));
    insertVector.run(fresh, toFloat32Blob(unitVector(2)));
    insertVector.run(older, toFloat32Blob(unitVector(3)));
    const top = async (seed: number) =>
      texts(await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(seed), count: 1 }));
    expect(await top(2)).toEqual(['fresh']);
    expect(await top(3)).toEqual(['older, no vector yet']);

    // The newest memory goes; its seq comes back with the next insert, from the other process.
    await adapter.deleteMemory(fresh);
    const reused = randomUuid();
    insertMemory.run(reused, agentId, agentId, room, JSON.stringify({ text: 'reused seq' }));
    insertVector.run(reused, toFloat32Blob(unitVector(4)));
    other.close();
    expect(await top(4)).toEqual(['reused seq']);
    expect(await top(1)).toEqual(['last']);
    await adapter.close();
  });

  it('sees changes plugins make through runtime.db and survives a rolled-back write', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const adapter = await open('plugin-writer.db', agentId);
    const kept = await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'kept' }, embedding: unitVector(1) },
      'facts',
    );
    const gone = await adapter.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'gone' }, embedding: unitVector(2) },
      'facts',
    );
    await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(2) }); // loads the index

    adapter.db.$client.prepare('DELETE FROM memories WHERE id = ?').run(gone);
    expect(texts(await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(2), count: 5 }))).toEqual([
      'kept',
    ]);

    // An adapter write inside a transaction someone else rolls back.
    const sqlite = await adapter.getConnection();
    sqlite.exec('BEGIN');
    await adapter.updateMemory({ id: kept, embedding: unitVector(3) });
    sqlite.exec('ROLLBACK');
    const [hit] = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1), count: 1 });
    expect(hit.similarity).toBeCloseTo(1, 5);
    await adapter.close();
  });

  it('keeps vectors across restarts and follows updates and deletes', async () => {
    const agentId = randomUuid();
    const room = randomUuid();
    const first = await open('restart.db', agentId);
    const kept = await first.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'kept' }, embedding: unitVector(1) },
      'facts',
    );
    const dropped = await first.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'dropped' }, embedding: unitVector(2) },
      'facts',
    );
    await first.close();

    const again = await open('restart.db', agentId);
    await again.deleteMemory(dropped);
    await again.updateMemory({ id: kept, embedding: unitVector(4) });
    const [top] = await again.searchMemories({ tableName: 'facts', embedding: unitVector(4), count: 1 });
    expect(top.id).toBe(kept);
    expect(top.similarity).toBeCloseTo(1, 5);
    expect(
      (await again.searchMemories({ tableName: 'facts', embedding: unitVector(2), count: 5 })).map((m) => m.id),
    ).not.toContain(dropped);
    await again.close();
  });

  it.each([false, true])(
    'stores zero vectors but never returns them from search (JavaScript kernel: %s)',
    async (disableSimd) => {
      const agentId = randomUuid();
      const adapter = await open(`zero-${disableSimd}.db`, agentId, disableSimd);
      const room = randomUuid();
      const zero = await adapter.createMemory(
        { entityId: agentId, roomId: room, content: { text: 'z' }, embedding: new Array(384).fill(0) },
        'facts',
      );
      await adapter.createMemory(
        { entityId: agentId, roomId: room, content: { text: 'v' }, embedding: unitVector(1) },
        'facts',
      );
      expect((await adapter.getMemoryById(zero))?.embedding).toEqual(new Array(384).fill(0));
      expect(texts(await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(1), count: 5 }))).toEqual([
        'v',
      ]);
      expect(await adapter.searchMemories({ tableName: 'facts', embedding: new Array(384).fill(0) })).toEqual([]);
      await adapter.close();
    },
  );

  it.each([384, 512, 768, 1024, 1536, 3072])('stores and finds %i-dimension vectors', async (dims) => {
    const agentId = randomUuid();
    const adapter = await open(`dims-${dims}.db`, agentId);
    await adapter.ensureEmbeddingDimension(dims);
    const room = randomUuid();
    for (let seed = 1; seed <= 5; seed++) {
      await adapter.createMemory(
        { entityId: agentId, roomId: room, content: { text: `s${seed}` }, embedding: unitVector(seed, dims) },
        'facts',
        true,
      );
    }
    const [hit] = await adapter.searchMemories({
      tableName: 'facts',
      embedding: vectorAtSimilarity(unitVector(3, dims), 0.9, 77),
      count: 1,
    });
    expect(hit.content.text).toBe('s3');
    expect(hit.similarity).toBeCloseTo(0.9, 5);
    expect(hit.embedding).toHaveLength(dims);
    await adapter.close();
  });

  it('rejects unsupported dimensions with a stable code', async () => {
    const adapter = await open('unsupported.db', randomUuid());
    await expect(adapter.ensureEmbeddingDimension(100)).rejects.toMatchObject({
      code: SqlErrorCode.UNSUPPORTED_EMBEDDING_DIMENSION,
    });
    await expect(
      adapter.createMemory(
        { entityId: randomUuid(), roomId: randomUuid(), content: {}, embedding: [1, 2, 3] },
        'facts',
      ),
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
