#!/usr/bin/env node
// bench/pipeline.js on SQLite and on PostgreSQL in alternating runs, so both see the same machine
// (on a shared machine speed drifts by tens of percent over minutes): each round runs every
// scenario on SQLite, then on PostgreSQL, each in a process of its own; one local PostgreSQL server
// (started here, as the tests start it) serves every PostgreSQL run, a database per run. Prints one
// JSON line per run, then a summary per database and scenario: median and range of msgs/s, the
// median client CPU, server CPU and round trips per message, and the load average seen.
// Run after `npm run build`: node bench/pipeline-compare.js [--rounds 5] [--bus] [dm|group]
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { startPostgresCluster } = require('@kith/plugin-sql/testing');

const PIPELINE = path.join(__dirname, 'pipeline.js');
const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 5;
const BUS = args.includes('--bus');
const SCENARIOS = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--rounds');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function run(scenario, postgres, cluster) {
  const flags = [...(postgres ? ['--postgres'] : []), ...(BUS ? ['--bus'] : [])];
  const env = {
    ...process.env,
    KITH_BENCH_CHILD: '1',
    ...(postgres
      ? { KITH_BENCH_POSTGRES_URL: cluster.url, KITH_BENCH_POSTGRES_DATA: path.join(cluster.dir, 'data') }
      : {}),
  };
  const child = spawnSync(process.execPath, [PIPELINE, ...flags, scenario], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env,
  });
  if (child.status !== 0)
    throw new Error(`${scenario} on ${postgres ? 'postgres' : 'sqlite'} failed (exit ${child.status})`);
  process.stdout.write(child.stdout);
  return JSON.parse(child.stdout);
}

function summary(results) {
  const figure = (name) => results.map((result) => result[name]).filter((value) => typeof value === 'number');
  const rates = figure('msgsPerSec');
  const loads = results.map((result) => result.loadAverage[0]);
  const optional = (name, digits) =>
    figure(name).length > 0 ? { [name]: Number(median(figure(name)).toFixed(digits)) } : {};
  return {
    runs: results.length,
    msgsPerSecMedian: median(rates),
    msgsPerSecRange: [Math.min(...rates), Math.max(...rates)],
    cpuMsPerMessageMedian: Number(median(figure('cpuMsPerMessage')).toFixed(3)),
    ...optional('serverCpuMsPerMessage', 3),
    ...optional('roundTripsPerMessage', 2),
    latencyMedianMsMedian: Number(median(figure('latencyMedianMs')).toFixed(2)),
    loadAverage1mRange: [Math.min(...loads), Math.max(...loads)],
  };
}

async function main() {
  const cluster = await startPostgresCluster();
  const results = new Map();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const scenario of SCENARIOS.length ? SCENARIOS : ['dm', 'group']) {
        for (const postgres of [false, true]) {
          const key = `${postgres ? 'postgres' : 'sqlite'} ${scenario}`;
          results.set(key, [...(results.get(key) ?? []), run(scenario, postgres, cluster)]);
        }
      }
    }
  } finally {
    await cluster.destroy();
  }
  const table = Object.fromEntries([...results].map(([key, list]) => [key, summary(list)]));
  console.log(
    JSON.stringify({ benchmark: 'pipeline-compare', path: BUS ? 'bus' : 'pipeline', rounds: ROUNDS, summary: table }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
