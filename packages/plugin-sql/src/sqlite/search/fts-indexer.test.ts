import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid, type UUID } from '@kith/core';
import { unitVector, vectorAtSimilarity } from '@kith/core/test/adapter-contract';
import { createDatabaseAdapter } from '../../create-database-adapter';
import type { SqliteDatabaseAdapter } from '../sqlite-database-adapter';
import { silentLogger } from '../../testing/silent-logger';
import { FTS_BATCH } from './fts-indexer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-fts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function open(): Promise<{ adapter: SqliteDatabaseAdapter; agentId: UUID }> {
  const agentId = randomUuid();
  const adapter = createDatabaseAdapter({ dataDir: dir, filename: `fts-${n++}.db`, logger: silentLogger() }, agentId);
  await adapter.init();
  return { adapter, agentId };
}

async function watermark(adapter: SqliteDatabaseAdapter): Promise<number> {
  const row = (await adapter.getConnection())
    .prepare("SELECT CAST(value AS INTEGER) AS seq FROM kith_meta WHERE key = 'fts_indexed_seq'")
    .get();
  return (row as { seq: number }).seq;
}

async function indexedCount(adapter: SqliteDatabaseAdapter, word: string): Promise<number> {
  const sqlite = await adapter.getConnection();
  return (
    sqlite.prepare('SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?').get(word) as { n: number }
  ).n;
}

describe('batched full-text indexing', () => {
  it('leaves single writes unindexed until a text search catches up', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    const query = unitVector(9);
    await adapter.createMemory(
      {
        entityId: agentId,
        roomId: room,
        content: { text: 'the weather report' },
        embedding: vectorAtSimilarity(query, 0.92, 1),
      },
      'facts',
      true,
    );
    await adapter.createMemory(
      {
        entityId: agentId,
        roomId: room,
        content: { text: 'banana bread recipe' },
        embedding: vectorAtSimilarity(query, 0.9, 2),
      },
      'facts',
      true,
    );
    expect(await indexedCount(adapter, 'banana')).toBe(0);
    expect(await watermark(adapter)).toBe(0);

    const [top] = await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 2, query: 'banana' });
    expect(top.content.text).toBe('banana bread recipe');
    expect(await indexedCount(adapter, 'banana')).toBe(1);
    expect(await watermark(adapter)).toBe(2);
    await adapter.close();
  });

  it(`indexes in the write path once ${FTS_BATCH} memories wait`, async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    await Promise.all(
      Array.from({ length: FTS_BATCH }, (_, i) =>
        adapter.createMemory({ entityId: agentId, roomId: room, content: { text: `note number ${i}` } }, 'facts'),
      ),
    );
    expect(await watermark(adapter)).toBe(FTS_BATCH);
    expect(await indexedCount(adapter, 'note')).toBe(FTS_BATCH);
    await adapter.close();
  });

  it('keeps indexed memories in step with updates and deletes, and indexes a reused seq', async () => {
    const { adapter, agentId } = await open();
    const room = randomUuid();
    const query = unitVector(3);
    const memory = (text: string, similarity: number, seed: number) => ({
      entityId: agentId,
      roomId: room,
      content: { text },
      embedding: vectorAtSimilarity(query, similarity, seed),
    });
    const apples = await adapter.createMemory(memory('apples', 0.9, 1), 'facts', true);
    const pears = await adapter.createMemory(memory('pears', 0.91, 2), 'facts', true);
    const first = async (text: string) =>
      (await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 2, query: text }))[0]?.content.text;
    expect(await first('apples')).toBe('apples'); // indexes both

    await adapter.updateMemory({ id: apples, content: { text: 'plums' } });
    expect(await indexedCount(adapter, 'apples')).toBe(0);
    expect(await indexedCount(adapter, 'plums')).toBe(1);

    // Deleting the newest memory frees its seq; SQLite hands it to the next insert.
    const sqlite = await adapter.getConnection();
    const seqOf = (id: UUID) =>
      (sqlite.prepare('SELECT seq FROM memories WHERE id = ?').get(id) as { seq: number }).seq;
    const freed = seqOf(pears);
    await adapter.deleteMemory(pears);
    expect(await indexedCount(adapter, 'pears')).toBe(0);
    const cherries = await adapter.createMemory(memory('cherries', 0.89, 3), 'facts', true);
    expect(seqOf(cherries)).toBe(freed);
    expect(await first('cherries')).toBe('cherries');
    expect(await indexedCount(adapter, 'cherries')).toBe(1);
    expect((await adapter.getMemoryById(cherries))?.content.text).toBe('cherries');
    await adapter.close();
  });
});
