#!/usr/bin/env node
// A fleet of kith servers on one local PostgreSQL: the same group workload (rooms over WebSocket and
// REST, each room's client on one server as behind a sticky load balancer, offline DOCTOR model,
// BASIC_CAPABILITIES_KEEP_RESP so every message is answered) on 1, 2 and 3 `kith start` processes,
// and on 1 server with the fleet off (KITH_FLEET=off: size 0 in SIZES) for the cost of coordination.
// SPREAD=rotate sends each REST message to the next server instead (every room on every server).
// Prints one JSON line per fleet size:
//   msgPerSec            answered messages per second, all servers together
//   cpuMsPerMessage      CPU time of every kith process and every PostgreSQL process per message
//                        (kithCpuMsPerMessage and postgresCpuMsPerMessage: the two parts)
//   roundTripsPerMessage transactions the database committed per message (pg_stat_database): every
//                        statement the servers send is one, but for the odd explicit BEGIN/COMMIT
//   failoverMs           (2 and 3 servers) from the SIGKILL of a server to the answer of a message
//                        acknowledged by another server for a room the killed one held
// Then one line with each figure's median and range over the runs, and the load average.
// Options (env): RUNS (3), ROOMS (30), MESSAGES (20 per room), SIZES (0,1,2,3), KITH_LEASE_MS (10000),
// WARM_UP (1500 messages per server before the measured run: steady state), NODE_ARGS (node flags for the servers),
// FLEET=off (every size without the fleet; needs sticky rooms).
// The machine is shared: read cpuMsPerMessage and roundTripsPerMessage before msgPerSec.
// Run after `npm run build`: node bench/fleet.js
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const pg = require('pg');
const { startPostgresCluster, createTestDatabase } = require('@kith/plugin-sql/testing');
const { runLoad } = require('../packages/cli/dist/reliability/run-load.js');

const RUNS = Number(process.env.RUNS ?? 3);
const ROOMS = Number(process.env.ROOMS ?? 30);
const MESSAGES = Number(process.env.MESSAGES ?? 20);
const SIZES = (process.env.SIZES ?? '0,1,2,3').split(',').map(Number);
const STICKY = process.env.SPREAD !== 'rotate';
const LEASE_MS = Number(process.env.KITH_LEASE_MS ?? 10_000);
const WARM_UP = Number(process.env.WARM_UP ?? 1500);
// Extra node flags for the servers, e.g. NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (not allowed in NODE_OPTIONS).
// FLEET=off runs every size with KITH_FLEET=off (sticky rooms only): what more processes cost without any coordination.
const FLEET_OFF = process.env.FLEET === 'off';
const NODE_ARGS = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);
const BIN = path.join(__dirname, '..', 'packages', 'cli', 'dist', 'bin', 'kith.js');
const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime of a process in ms (0 once it is gone). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes: the postmaster and its children. */
function postgresPids(clusterDir) {
  const pidFile = findFile(clusterDir, 'postmaster.pid');
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children.map(Number)];
}

function findFile(dir, name) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    }
  }
  return null;
}

function startServer(url, dir, character, fleet = true) {
  const env = {
    ...process.env,
    KITH_FLEET: fleet ? 'on' : 'off',
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    KITH_SERVER_AUTH_TOKEN: '',
    KITH_SERVER_RATE_LIMIT_MAX: '0',
    KITH_DATABASE_URL: url,
    KITH_LEASE_MS: String(LEASE_MS),
  };
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, BIN, 'start', '--port', '0', '--data-dir', dir, '--character', character],
    { env },
  );
  let out = '';
  child.stderr.on('data', () => undefined);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const listening = /^Listening on (http:\/\/\S+)/m.exec(out);
      const agent = /^\S+ \(([0-9a-f-]{36})\) ready in/m.exec(out);
      if (listening && agent) resolve({ child, pid: child.pid, url: listening[1], agentId: agent[1] });
    });
    child.on('exit', (code) => reject(new Error(`kith start exited (${code}) before listening:\n${out}`)));
  });
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function transactions(client) {
  const { rows } = await client.query(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0].n);
}

/**
 * Waits until the servers' background work left by the warm-up (embedding batches, run logs,
 * reflection) is done: the database commits no more than the fleet's timers do for a second.
 * Otherwise the measured run pays for the warm-up's backlog, three times as big with three servers.
 */
async function settle(client, serverCount) {
  const timersPerSecond = 4 * serverCount + 4; // heartbeats, queue drains, task polls
  let last = await transactions(client);
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await transactions(client);
    if (now - last <= timersPerSecond) return;
    last = now;
  }
}

async function post(url, agentId, body) {
  const response = await fetch(`${url}/api/agents/${agentId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** Kills one server, then sends a message for a room it held to another: the time until it is answered. */
async function failover(servers) {
  const [victim, survivor] = servers;
  const roomId = randomUUID();
  await post(victim.url, victim.agentId, { roomId, text: 'I feel sad about my work', userName: 'failover' });
  const killedAt = performance.now();
  victim.child.kill('SIGKILL');
  const answer = await post(survivor.url, survivor.agentId, {
    roomId,
    text: 'I need a long holiday',
    userName: 'failover',
  });
  if (!answer.replies?.length) throw new Error('the orphaned message got no reply');
  return Math.round(performance.now() - killedAt);
}

async function once(cluster, size, run, character, workDir) {
  const database = await createTestDatabase(`fleet_bench_${size}_${run}`, cluster.url);
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, size) }, (_, i) =>
      startServer(database.url, path.join(workDir, `s${size}-${run}-${i}`), character, size > 0 && !FLEET_OFF),
    ),
  );
  const stats = new pg.Client({ connectionString: database.url });
  await stats.connect();
  try {
    // Warm-up: every server answers WARM_UP messages first (V8 needs over a thousand turns per process to optimise the hot paths; with 200, a server of three, answering a third of the measured messages, is measured colder than a lone one).
    const target = {
      url: servers[0].url,
      urls: servers.map((s) => s.url),
      agentId: servers[0].agentId,
      sticky: STICKY,
      details: false,
    };
    await runLoad({
      ...target,
      rooms: 10 * servers.length,
      messagesPerRoom: Math.max(1, Math.ceil(WARM_UP / 10)),
      timeoutMs: 120_000,
    });
    await settle(stats, servers.length);
    const kithPids = servers.map((s) => s.pid);
    const kithBefore = kithPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const pgBefore = postgresPids(cluster.dir).reduce((sum, pid) => sum + cpuMs(pid), 0);
    const xactBefore = await transactions(stats);
    const report = await runLoad({ ...target, rooms: ROOMS, messagesPerRoom: MESSAGES, timeoutMs: 120_000 });
    const xactAfter = await transactions(stats);
    const kithCpu = kithPids.reduce((sum, pid) => sum + cpuMs(pid), 0) - kithBefore;
    const pgCpu = postgresPids(cluster.dir).reduce((sum, pid) => sum + cpuMs(pid), 0) - pgBefore;
    const perMessage = (ms) => Math.round((ms / report.answered) * 100) / 100;
    const figures = {
      servers: size === 0 ? '1 (fleet off)' : FLEET_OFF ? `${size} (fleet off)` : size,
      spread: STICKY ? 'sticky' : 'rotate',
      run,
      messages: report.answered,
      failed: report.failed,
      msgPerSec: report.messagesPerSecond,
      cpuMsPerMessage: perMessage(kithCpu + pgCpu),
      kithCpuMsPerMessage: perMessage(kithCpu),
      postgresCpuMsPerMessage: perMessage(pgCpu),
      roundTripsPerMessage: Math.round(((xactAfter - xactBefore - 1) / report.answered) * 100) / 100,
      replyLatencyP50: report.replyLatencyMs.p50,
      outOfOrderRooms: report.outOfOrderRooms.length,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    };
    if (size > 1 && !FLEET_OFF) figures.failoverMs = await failover(servers);
    return figures;
  } finally {
    await stats.end();
    for (const server of servers) await stopServer(server);
  }
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-fleet-bench-'));
  const character = path.join(workDir, 'bench.json');
  fs.writeFileSync(
    character,
    JSON.stringify({
      name: 'Benchbot',
      bio: ['A Rogerian listener.'],
      plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-eliza-classic'],
      settings: { BASIC_CAPABILITIES_KEEP_RESP: 'true' },
    }),
  );
  const cluster = await startPostgresCluster({ maxConnections: 100 });
  const results = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const size of SIZES) {
        const figures = await once(cluster, size, run, character, workDir);
        results.push(figures);
        process.stdout.write(`${JSON.stringify(figures)}\n`);
      }
    }
  } finally {
    await cluster.destroy();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  for (const size of SIZES) {
    const label = size === 0 ? '1 (fleet off)' : FLEET_OFF ? `${size} (fleet off)` : size;
    const mine = results.filter((r) => r.servers === label);
    const line = { servers: label, runs: mine.length };
    for (const key of [
      'msgPerSec',
      'cpuMsPerMessage',
      'kithCpuMsPerMessage',
      'postgresCpuMsPerMessage',
      'roundTripsPerMessage',
      'failoverMs',
    ]) {
      if (mine.some((r) => r[key] !== undefined)) line[key] = summary(mine.map((r) => r[key]));
    }
    line.loadAverage1m = summary(mine.map((r) => r.loadAverage[0]));
    process.stdout.write(`${JSON.stringify({ summary: line })}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
