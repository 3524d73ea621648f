#!/usr/bin/env node
// What core's OpenTelemetry spans cost a turn when no SDK is registered (the
// default): the span calls of one plain DM turn (the run, state composition,
// the TEXT_LARGE call and the message embedding; providers get spans only
// while a trace records) through core's own helpers, against the same work
// without them. Run after `npm run build`: node bench/tracing-noop.js
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { inSpan, startSpan, withActiveSpan } = require(
  path.join(__dirname, '../packages/core/dist/runtime/tracing/spans.js'),
);

const TURNS = 200_000;
const ROUNDS = 5;

const work = async () => 1;

async function turnWithSpans() {
  return inSpan(
    'kith.run',
    () => ({ 'kith.room.id': 'r' }),
    async (run) => {
      if (run.isRecording()) run.setAttribute('kith.run.id', 'x');
      const compose = startSpan('kith.compose_state', () => ({ 'kith.providers.count': 12 }));
      await withActiveSpan(compose, work);
      compose.end();
      for (const name of ['chat TEXT_LARGE', 'embeddings TEXT_EMBEDDING']) {
        const model = startSpan(name, () => ({ 'gen_ai.operation.name': 'chat' }), 3);
        await withActiveSpan(model, work);
        if (model.isRecording()) model.setAttribute('gen_ai.usage.input_tokens', 1);
        model.end();
      }
    },
  );
}

async function turnWithout() {
  await work();
  await work();
  await work();
}

async function time(fn) {
  const started = performance.now();
  for (let i = 0; i < TURNS; i++) await fn();
  return ((performance.now() - started) * 1e6) / TURNS; // ns per turn
}

(async () => {
  const withSpans = [];
  const without = [];
  for (let round = 0; round < ROUNDS; round++) {
    without.push(await time(turnWithout));
    withSpans.push(await time(turnWithSpans));
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const cost = median(withSpans) - median(without);
  console.log(
    `no-op tracer: ${median(withSpans).toFixed(0)} ns per turn with spans, ${median(without).toFixed(0)} ns without: ${cost.toFixed(0)} ns (${(cost / 1000).toFixed(2)} us) per turn (median of ${ROUNDS} rounds of ${TURNS} turns)`,
  );
})();
