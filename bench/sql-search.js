#!/usr/bin/env node
// Top-10 searchMemories over 10,000 and 100,000 memories of 384-d: median and p95 latency, and
// recall@10 against an exact brute-force scan of the same vectors.
// The first search of a store loads its vectors (firstSearchMs, indexRssMb); the figures are taken after.
// Env: BENCH_SIZES (default "10000,100000"), BENCH_QUERIES (default 200); KITH_DISABLE_WASM_SIMD=1
// measures the plain-JavaScript fallback kernel.
// --postgres: PgDatabaseAdapter on a local PostgreSQL server the script starts, vectors searched by
// the in-process index (the same int8 kernel, rescoring vectors read from the server).
// --pglite: PgDatabaseAdapter on PGlite with pgvector: the search runs in SQL on an HNSW index
// (approximate: recall@10 is the figure to watch; PGlite is single-threaded WebAssembly, so its
// latency says little about a real server's). Default sizes there: 10000.
'use strict';
const os = require('node:os');
const {
  DIMS,
  DIALECT,
  prng,
  vectorSource,
  sentence,
  uuid,
  openAdapter,
  finish,
  median,
  percentile,
  round,
} = require('./sql-common');

const SIZES = (process.env.BENCH_SIZES || (DIALECT === 'pglite' ? '10000' : '10000,100000')).split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES || 200);
const ROOMS = 100;
const K = 10;

/** Exact top-k ids by cosine (the vectors are unit length, so by dot product). */
function exactTopK(all, count, query, k) {
  const best = [];
  for (let row = 0; row < count; row++) {
    let dot = 0;
    const base = row * DIMS;
    for (let i = 0; i < DIMS; i++) dot += all[base + i] * query[i];
    if (best.length < k || dot > best[best.length - 1].dot) {
      best.push({ row, dot });
      best.sort((a, b) => b.dot - a.dot);
      if (best.length > k) best.pop();
    }
  }
  return best.map((entry) => entry.row);
}

async function measure(size) {
  const store = await openAdapter(`search-${size}`);
  const { adapter, agentId } = store;
  const random = prng(size);
  const nextVector = vectorSource(42);
  const all = new Float32Array(size * DIMS);
  const buildStarted = process.hrtime.bigint();
  // Built with group commits (256 writes in flight); the search figures do not depend on it.
  for (let start = 0; start < size; start += 256) {
    const batch = [];
    for (let row = start; row < Math.min(size, start + 256); row++) {
      const vector = nextVector();
      all.set(vector, row * DIMS);
      batch.push(
        adapter.createMemory(
          {
            id: uuid(row),
            entityId: uuid(row % 5, 0xe),
            agentId,
            roomId: uuid(row % ROOMS, 0x400),
            content: { text: sentence(random) },
            embedding: Array.from(vector),
          },
          'messages',
          true,
        ),
      );
    }
    await Promise.all(batch);
  }
  const buildSeconds = Number(process.hrtime.bigint() - buildStarted) / 1e9;

  const queries = Array.from({ length: QUERIES }, () => Array.from(nextVector()));
  // The first search loads the agent's vectors into memory (once per process).
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = process.hrtime.bigint();
  await adapter.searchMemories({ tableName: 'messages', embedding: queries[0], count: K });
  const firstSearchMs = Number(process.hrtime.bigint() - loadStarted) / 1e6;
  global.gc?.();
  const indexMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  for (const embedding of queries.slice(0, 20))
    await adapter.searchMemories({ tableName: 'messages', embedding, count: K });

  const timings = [];
  const roomTimings = [];
  let found = 0;
  for (let q = 0; q < queries.length; q++) {
    const embedding = queries[q];
    let started = process.hrtime.bigint();
    const hits = await adapter.searchMemories({ tableName: 'messages', embedding, count: K });
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    started = process.hrtime.bigint();
    await adapter.searchMemories({ tableName: 'messages', embedding, count: K, roomId: uuid(q % ROOMS, 0x400) });
    roomTimings.push(Number(process.hrtime.bigint() - started) / 1e6);
    const exact = new Set(exactTopK(all, size, Float32Array.from(embedding), K).map((row) => uuid(row)));
    found += hits.filter((hit) => exact.has(hit.id)).length;
  }
  const vectorKernel = adapter.vectorKernel ?? adapter.vectorSearch;
  await store.cleanup();
  return {
    memories: size,
    medianMs: round(median(timings)),
    p95Ms: round(percentile(timings, 95)),
    recallAt10: round(found / (queries.length * K), 4),
    roomFilteredMedianMs: round(median(roomTimings)),
    firstSearchMs: round(firstSearchMs, 1),
    indexRssMb: round(indexMb, 1),
    buildInsertsPerSec: Math.round(size / buildSeconds),
    vectorKernel,
  };
}

async function main() {
  const results = [];
  for (const size of SIZES) results.push(await measure(size));
  await finish();
  console.log(
    JSON.stringify({
      benchmark: 'sql-search',
      database: DIALECT,
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      dims: DIMS,
      k: K,
      queries: QUERIES,
      targetsMedianMs: { 10000: 2, 100000: 20 },
      results,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
