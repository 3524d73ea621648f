// Shared by bench/sql-*.js: deterministic 384-d vectors, a fresh adapter on a temporary file,
// and small statistics helpers. Requires the built packages (`npx tsc -b packages/plugin-sql`).
// --postgres: each adapter on a database of its own on a throw-away local PostgreSQL server the
// script starts (as the tests start it: 127.0.0.1, fsync off), vectors searched in process.
// --pglite: on PGlite (PostgreSQL in WebAssembly) with pgvector, vectors searched in SQL (HNSW).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'packages', 'plugin-sql', 'dist', 'index.js');
if (!fs.existsSync(DIST)) {
  console.error('packages/plugin-sql is not built: run `npx tsc -b packages/plugin-sql` first');
  process.exit(1);
}
const { createDatabaseAdapter } = require(DIST);
const { seededRandom } = require('@kith/core/test');

/** Which database the adapters use: sqlite (default), postgres (a local server) or pglite (pgvector). */
const DIALECT = process.argv.includes('--postgres')
  ? 'postgres'
  : process.argv.includes('--pglite')
    ? 'pglite'
    : 'sqlite';
const silent = { warn: () => undefined, info: () => undefined, debug: () => undefined };
let cluster;

const DIMS = 384;

/** A seeded PRNG, so every run measures the same data. */
const prng = seededRandom;

/**
 * Unit vectors around `clusters` centroids (topics), so nearest neighbours
 * mean something, unlike uniform noise where every vector is equally far.
 */
function vectorSource(seed, clusters = 200, spread = 0.9) {
  const random = prng(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centroids = Array.from({ length: clusters }, () => normalize(Float32Array.from({ length: DIMS }, gaussian)));
  return () => {
    const centroid = centroids[Math.floor(random() * clusters)];
    const v = new Float32Array(DIMS);
    for (let i = 0; i < DIMS; i++) v[i] = centroid[i] + (spread * gaussian()) / Math.sqrt(DIMS);
    return normalize(v);
  };
}

function normalize(v) {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const norm = Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

const WORDS =
  'the a my we you said think about tomorrow meeting weather dinner family work trip feel happy tired really maybe garden book music friend'.split(
    ' ',
  );

/** A chat-message-sized text (about 60–140 characters). */
function sentence(random) {
  const words = [];
  const count = 10 + Math.floor(random() * 16);
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  return `${words.join(' ')}.`;
}

/** A deterministic UUID-shaped id from a number (the adapter only needs unique strings). */
function uuid(n, prefix = 0) {
  const hex = n.toString(16).padStart(12, '0');
  return `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
}

/** An adapter on a new PostgreSQL database (a local server, or PGlite with pgvector). */
async function openPostgres(name, agentId) {
  let database;
  let pglite;
  let adapter;
  if (DIALECT === 'postgres') {
    const { startPostgresCluster, createTestDatabase } = require('@kith/plugin-sql/testing');
    cluster ??= await startPostgresCluster();
    database = await createTestDatabase(`bench_${name.replace(/\W/g, '_')}`, cluster.url);
    adapter = createDatabaseAdapter({ url: database.url, vectorSearch: 'in-process', logger: silent }, agentId);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { vector } = await import('@electric-sql/pglite-pgvector');
    pglite = await PGlite.create({ extensions: { vector } });
    adapter = createDatabaseAdapter({ pglite, vectorSearch: 'pgvector', logger: silent }, agentId);
  }
  await adapter.init();
  await adapter.createAgent({ id: agentId, name: 'Bench', bio: ['benchmark agent'] });
  await adapter.ensureEmbeddingDimension(DIMS);
  const query = async (text) => (pglite ? pglite.query(text) : (await adapter.getConnection()).query(text));
  return {
    adapter,
    agentId,
    query,
    /** Bytes of the database (tables, indexes, TOAST). */
    async fileBytes() {
      const { rows } = await query('SELECT pg_database_size(current_database())::text AS n');
      return Number(rows[0].n);
    },
    async cleanup() {
      await adapter.close();
      await database?.drop();
      await pglite?.close();
    },
  };
}

/**
 * CPU ms the local PostgreSQL server (a --postgres run's) has used so far: the postmaster and its
 * children, from /proc. Beside the client's own CPU time it shows what the work costs the server.
 */
function serverCpuMs() {
  if (!cluster || !fs.existsSync('/proc')) return 0;
  const postmaster = fs
    .readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8')
    .split('\n')[0]
    .trim();
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[1] === postmaster || pid === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10; // USER_HZ = 100
}

/** Stops the PostgreSQL server a --postgres run started. */
async function finish() {
  await cluster?.destroy();
  cluster = undefined;
}

/** An initialised adapter on a new file in a temporary folder (or database); `cleanup()` closes and deletes it. */
async function openAdapter(name, agentId = uuid(1, 0xa9e47)) {
  if (DIALECT !== 'sqlite') return openPostgres(name, agentId);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kith-bench-${name}-`));
  const adapter = createDatabaseAdapter({ dataDir, filename: 'bench.db' }, agentId);
  await adapter.init();
  await adapter.createAgent({ id: agentId, name: 'Bench', bio: ['benchmark agent'] });
  await adapter.ensureEmbeddingDimension(DIMS);
  return {
    adapter,
    agentId,
    /** Bytes of the database file after checkpointing the WAL into it. */
    async fileBytes() {
      const sqlite = await adapter.getConnection();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      return fs.statSync(adapter.path).size;
    },
    async cleanup() {
      await adapter.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function median(values) {
  return percentile(values, 50);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const round = (value, digits = 3) => Number(value.toFixed(digits));

module.exports = {
  DIMS,
  DIALECT,
  prng,
  vectorSource,
  sentence,
  uuid,
  openAdapter,
  finish,
  serverCpuMs,
  median,
  percentile,
  round,
};
