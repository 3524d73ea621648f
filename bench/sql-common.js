// Shared by bench/sql-*.js: deterministic 384-d vectors, a fresh adapter on a temporary file,
// and small statistics helpers. Requires the built packages (`npx tsc -b packages/plugin-sql`).
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

const WORDS = 'the a my we you said think about tomorrow meeting weather dinner family work trip feel happy tired really maybe garden book music friend'.split(' ');

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

/** An initialised adapter on a new file in a temporary folder; `cleanup()` closes and deletes it. */
async function openAdapter(name, agentId = uuid(1, 0xa9e47)) {
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

module.exports = { DIMS, prng, vectorSource, sentence, uuid, openAdapter, median, percentile, round };
