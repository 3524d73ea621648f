#!/usr/bin/env node
// Memory inserts with 384-d embeddings through SqliteDatabaseAdapter.createMemory, and the
// database bytes a stored memory and a handled message cost.
// Env: BENCH_N (default 20000) memories per phase. --postgres: the same through PgDatabaseAdapter
// on a local PostgreSQL server the script starts (see sql-common.js).
'use strict';
const os = require('node:os');
const { DIMS, DIALECT, prng, vectorSource, sentence, uuid, openAdapter, finish, round } = require('./sql-common');

const N = Number(process.env.BENCH_N || 20_000);
const ROOMS = 50;
const CONCURRENCY = 64;

function memories(count, seed, agentId) {
  const random = prng(seed);
  const nextVector = vectorSource(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: uuid(i + 1, seed),
    entityId: uuid(i % 7, 0xe),
    agentId,
    roomId: uuid(i % ROOMS, 0x400),
    content: { text: sentence(random), source: 'bench' },
    embedding: Array.from(nextVector()),
  }));
}

const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;

/** One awaited createMemory at a time: one transaction (and commit) each. */
async function sequential(adapter, list, unique) {
  const started = process.hrtime.bigint();
  for (const memory of list) await adapter.createMemory(memory, 'messages', unique);
  return list.length / seconds(started);
}

/** CONCURRENCY calls in flight, as many rooms writing at once: group commit. */
async function concurrent(adapter, list, unique) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < list.length; i += CONCURRENCY) {
    await Promise.all(list.slice(i, i + CONCURRENCY).map((memory) => adapter.createMemory(memory, 'messages', unique)));
  }
  return list.length / seconds(started);
}

/** Bytes per table and index (SQLite: dbstat; PostgreSQL: relation sizes), largest first. */
async function tableBytes(store) {
  if (DIALECT !== 'sqlite') {
    const { rows } = await store.query(
      "SELECT c.relname AS name, pg_relation_size(c.oid)::text AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i', 't') ORDER BY pg_relation_size(c.oid) DESC",
    );
    return Object.fromEntries(
      rows.filter((row) => Number(row.bytes) > 8192).map((row) => [row.name, Number(row.bytes)]),
    );
  }
  const sqlite = await store.adapter.getConnection();
  const rows = sqlite.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all();
  return Object.fromEntries(rows.filter((row) => row.bytes > 8192).map((row) => [row.name, row.bytes]));
}

/** Runs `phase` on a fresh database after a warm-up of 500 inserts; returns inserts per second. */
async function measure(name, phase, unique) {
  const store = await openAdapter(name);
  await phase(store.adapter, memories(500, 7, store.agentId), unique); // JIT and statement cache
  const rate = await phase(store.adapter, memories(N, 11, store.agentId), unique);
  const result = {
    rate,
    bytes: await store.fileBytes(),
    kernel: store.adapter.vectorKernel ?? store.adapter.vectorSearch,
    tables: await tableBytes(store),
  };
  await store.cleanup();
  return result;
}

/**
 * What one handled DM message writes, as the message pipeline and plugin-sql's run log do it:
 * the incoming message (its embedding added afterwards, as the embedding service does), the
 * reply, the run's `run_event` record, and a share of the summed background-usage record
 * (one per 100 embedding calls).
 */
async function bytesPerHandledMessage(messages) {
  const store = await openAdapter('size');
  const { adapter, agentId } = store;
  const random = prng(5);
  const nextVector = vectorSource(5);
  const userId = uuid(1, 0xe);
  const roomId = uuid(1, 0x400);
  const worldId = uuid(1, 0x300);
  const before = await store.fileBytes();
  for (let i = 0; i < messages; i++) {
    const incoming = {
      id: uuid(2 * i + 1, 0x77),
      entityId: userId,
      agentId,
      roomId,
      worldId,
      content: { text: sentence(random), source: 'client_chat', channelType: 'DM' },
      createdAt: Date.now(),
    };
    await adapter.createMemory(incoming, 'messages');
    await adapter.updateMemory({ id: incoming.id, embedding: Array.from(nextVector()) });
    await adapter.createMemory(
      {
        id: uuid(2 * i + 2, 0x77),
        entityId: agentId,
        agentId,
        roomId,
        worldId,
        content: {
          text: sentence(random),
          thought: sentence(random),
          actions: ['REPLY'],
          inReplyTo: incoming.id,
          source: 'client_chat',
        },
        createdAt: Date.now(),
      },
      'messages',
    );
    const startTime = Date.now();
    await adapter.log({
      entityId: userId,
      roomId,
      type: 'run_event',
      body: {
        runId: uuid(i + 1, 0x99),
        status: 'completed',
        messageId: incoming.id,
        roomId,
        entityId: userId,
        startTime,
        endTime: startTime + 812,
        duration: 812,
        source: 'messageHandler',
        models: [
          {
            modelType: 'TEXT_LARGE',
            provider: 'openai',
            calls: 1,
            failed: 0,
            promptChars: 6200,
            durationMs: 810.4,
            promptTokens: 1650,
            completionTokens: 42,
            totalTokens: 1692,
          },
        ],
      },
    });
    if (i % 100 === 99) {
      await adapter.log({
        entityId: agentId,
        roomId: agentId,
        type: 'useModel:TEXT_EMBEDDING',
        body: {
          modelType: 'TEXT_EMBEDDING',
          provider: 'eliza-classic',
          calls: 100,
          failed: 0,
          promptChars: 8000,
          durationMs: 1.2,
          since: startTime - 60_000,
          until: startTime,
        },
      });
    }
  }
  const bytes = (await store.fileBytes()) - before;
  const tables = await tableBytes(store);
  await store.cleanup();
  return { bytesPerMessage: Math.round(bytes / messages), tables };
}

async function main() {
  const dedup = await measure('insert-dedup', sequential, undefined);
  const plain = await measure('insert-plain', sequential, true);
  const grouped = await measure('insert-concurrent', concurrent, undefined);
  const handled = await bytesPerHandledMessage(Math.min(N, 5000));
  await finish();
  console.log(
    JSON.stringify({
      benchmark: 'sql-insert',
      database: DIALECT,
      memories: N,
      dims: DIMS,
      vectorKernel: dedup.kernel,
      target: 5000,
      // createMemory(memory, table): `unique` unset, so each first runs the 0.95 near-duplicate search in its room.
      insertsPerSecSequential: Math.round(dedup.rate),
      insertsPerSecSequentialUniqueGiven: Math.round(plain.rate),
      [`insertsPerSecConcurrent${CONCURRENCY}`]: Math.round(grouped.rate),
      bytesPerMemory: round(dedup.bytes / (N + 500), 0),
      bytesPerHandledMessage: handled.bytesPerMessage,
      memoryTableBytes: dedup.tables,
      handledMessageTableBytes: handled.tables,
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
