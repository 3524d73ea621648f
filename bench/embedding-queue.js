#!/usr/bin/env node
// Embeds 10,000 stored memories through the EmbeddingGenerationService with a
// scripted TEXT_EMBEDDING that takes 20 ms per call and accepts up to 64 texts.
// Prints the ideal time for the configured parallelism and the measured one.
// Run after `npm run build`: node bench/embedding-queue.js
const { performance } = require('node:perf_hooks');
const { createTestRuntime } = require('@kith/core/test');
const { EmbeddingGenerationService } = require('@kith/plugin-bootstrap');

const MEMORIES = 10_000;
const CALL_MS = 20;
const MAX_BATCH = 64;
const PARALLEL = Number(process.env.EMBEDDING_MAX_PARALLEL ?? 4);
const DIMS = 384;

function unitVector(seed) {
  const vector = new Array(DIMS).fill(0);
  vector[seed % DIMS] = 1;
  return vector;
}

async function main() {
  let calls = 0;
  let inFlight = 0;
  let peak = 0;
  const embedder = {
    name: 'slow-embedder',
    description: '20 ms per call, batches of up to 64',
    models: {
      TEXT_EMBEDDING: async (_runtime, params) => {
        const texts = params && Array.isArray(params.texts) ? params.texts : [params && params.text ? params.text : ''];
        if (texts.length > MAX_BATCH) throw new Error(`batch of ${texts.length} exceeds ${MAX_BATCH}`);
        calls++;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, CALL_MS));
        inFlight--;
        // The model's cost is its 20 ms wait; computing the vector itself is kept negligible.
        const vectors = texts.map((text) => unitVector(text.length));
        return params && Array.isArray(params.texts) ? vectors : vectors[0];
      },
    },
  };
  const runtime = await createTestRuntime({
    plugins: [embedder],
    settings: {
      EMBEDDING_BATCH_SIZE: String(MAX_BATCH),
      EMBEDDING_MAX_PARALLEL: String(PARALLEL),
      EMBEDDING_QUEUE_MAX: String(MEMORIES),
    },
  });
  const service = await EmbeddingGenerationService.start(runtime);
  const memories = [];
  for (let i = 0; i < MEMORIES; i++) {
    const memory = {
      entityId: runtime.agentId,
      roomId: runtime.agentId,
      content: { text: `memory number ${i} about topic ${i % 97}` },
    };
    memory.id = await runtime.createMemory(memory, 'messages');
    memories.push(memory);
  }
  let completed = 0;
  runtime.registerEvent('EMBEDDING_GENERATION_COMPLETED', async () => void completed++);
  calls = 0;
  peak = 0;

  const started = performance.now();
  for (const memory of memories) await runtime.queueEmbeddingGeneration(memory, 'normal');
  await service.flush();
  const measuredMs = performance.now() - started;

  const batches = Math.ceil(MEMORIES / MAX_BATCH);
  const idealMs = Math.ceil(batches / PARALLEL) * CALL_MS;
  await service.stop();
  await runtime.stop();
  console.log(
    JSON.stringify({
      bench: 'embedding-queue',
      memories: MEMORIES,
      embedded: completed,
      callMs: CALL_MS,
      maxBatch: MAX_BATCH,
      maxParallel: PARALLEL,
      calls,
      peakInFlight: peak,
      idealMs,
      measuredMs: Math.round(measuredMs),
      ratioToIdeal: Number((measuredMs / idealMs).toFixed(2)),
      target: 'ratioToIdeal <= 1.5',
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
