#!/usr/bin/env node
// `kith db copy` at scale: a SQLite file with BENCH_N memories (default 100,000) of 384-d, every
// one with its vector, plus a run log and an inbox entry per two memories, is copied into a
// throw-away local PostgreSQL server (started by the script, as the tests start it), then copied
// again (nothing new: the idempotent re-run). Prints one JSON line: rows/s and memories/s of each
// run, and the check's verdict.
// Run after `npm run build`: node bench/db-copy.js
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createDatabaseAdapter, copySqliteToPostgres } = require('@kith/plugin-sql');
const { startPostgresCluster, createTestDatabase } = require('@kith/plugin-sql/testing');
const { DIMS, prng, vectorSource, sentence, uuid } = require('./sql-common');

const N = Number(process.env.BENCH_N || 100_000);
const silent = { warn: () => undefined, info: () => undefined, debug: () => undefined };

async function buildSource(dataDir) {
  const agentId = uuid(1, 0xc09);
  const adapter = createDatabaseAdapter({ dataDir, logger: silent }, agentId);
  await adapter.init();
  await adapter.createAgent({ id: agentId, name: 'Copied', bio: ['a long history'] });
  await adapter.ensureEmbeddingDimension(DIMS);
  const random = prng(3);
  const nextVector = vectorSource(3);
  for (let start = 0; start < N; start += 256) {
    const writes = [];
    for (let i = start; i < Math.min(N, start + 256); i++) {
      const roomId = uuid(i % 200, 0x400);
      writes.push(
        adapter.createMemory(
          {
            id: uuid(i + 1, 0x77),
            entityId: uuid(i % 9, 0xe),
            agentId,
            roomId,
            content: { text: sentence(random), source: 'bench' },
            embedding: Array.from(nextVector()),
            createdAt: 1_700_000_000_000 + i,
          },
          'messages',
          true,
        ),
      );
      if (i % 2 === 0) {
        writes.push(
          adapter.log({
            entityId: uuid(i % 9, 0xe),
            roomId,
            type: 'run_event',
            body: { runId: uuid(i, 0x99), status: 'completed', duration: 12 },
          }),
        );
        writes.push(
          adapter
            .acceptInbound({ messageId: uuid(i + 1, 0x55), roomId, body: { text: 'hi', id: uuid(i + 1, 0x55) } })
            .then(() => adapter.markInboundAnswered(uuid(i + 1, 0x55))),
        );
      }
    }
    await Promise.all(writes);
  }
  await adapter.close();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-bench-copy-'));
  const cluster = await startPostgresCluster();
  try {
    const built = performance.now();
    await buildSource(dataDir);
    const buildSeconds = (performance.now() - built) / 1000;
    const fileBytes = fs.statSync(path.join(dataDir, 'kith.db')).size;
    const database = await createTestDatabase('bench_copy', cluster.url);
    const run = async () => {
      const report = await copySqliteToPostgres({ from: dataDir, to: database.url, logger: silent });
      const memories = report.tables.find((t) => t.table === 'memories');
      return {
        seconds: Number((report.ms / 1000).toFixed(2)),
        rows: report.rows,
        inserted: report.inserted,
        rowsPerSec: report.rowsPerSecond,
        memoriesPerSec: Math.round(memories.source / (memories.ms / 1000)),
        complete: report.complete,
      };
    };
    const first = await run();
    const second = await run();
    console.log(
      JSON.stringify({
        benchmark: 'db-copy',
        memories: N,
        dims: DIMS,
        sourceMb: Math.round(fileBytes / 2 ** 20),
        buildSeconds: Number(buildSeconds.toFixed(1)),
        loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
        first,
        again: second,
      }),
    );
  } finally {
    await cluster.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
