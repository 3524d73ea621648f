#!/usr/bin/env node
// Embeddings per second of the hashing embedder, from the built package (run `npx tsc -b` first).
'use strict';
const { hashingEmbed, EMBEDDING_DIMS } = require('../dist/index.js');

// Short everyday sentences, varied so no cache or branch pattern flatters the figure.
const subjects = [
  'I',
  'My sister',
  'The neighbours',
  'Our team',
  'The new intern',
  'My old friend',
  'The bus driver',
  'Everyone at work',
];
const verbs = [
  'forgot about',
  'is worried about',
  'keeps talking about',
  'finally fixed',
  'booked',
  'cancelled',
  'cannot stop thinking about',
  'enjoyed',
];
const objects = [
  'the meeting on Tuesday',
  'a trip to the coast',
  'the broken boiler',
  'dinner with the family',
  'the quarterly report',
  'the football match',
  'a dentist appointment',
  'the garden party',
];
const sentences = [];
for (const s of subjects) for (const v of verbs) for (const o of objects) sentences.push(`${s} ${v} ${o}.`);

for (let i = 0; i < 3; i++) for (const text of sentences) hashingEmbed(text); // warm up the JIT

const durationMs = Number(process.env.BENCH_MS || 2000);
let count = 0;
let checksum = 0;
const started = process.hrtime.bigint();
let elapsedMs = 0;
while (elapsedMs < durationMs) {
  for (const text of sentences) checksum += hashingEmbed(text)[0];
  count += sentences.length;
  elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
}
if (!Number.isFinite(checksum)) throw new Error('embedder produced a non-finite value');

console.log(JSON.stringify({ embeddingsPerSec: Math.round(count / (elapsedMs / 1000)), dims: EMBEDDING_DIMS }));
