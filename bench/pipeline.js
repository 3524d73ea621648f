#!/usr/bin/env node
// The message pipeline end to end on a real SQLite file (plugin-sql loaded as
// `kith start` loads it, run logs included), with an instant scripted text
// model and the offline hashing embedder. Prints one JSON line
// per scenario:
//   dm     one DM room, 1,000 messages sent one after another
//   group  10 group rooms, 1,000 messages sent concurrently (100 per room)
// --postgres: on PostgreSQL instead, a throw-away local server the script starts (as the tests
// start it: initdb in a temporary folder, 127.0.0.1, fsync off), a database per scenario; adds
// roundTripsPerMessage (every statement sent, BEGIN/COMMIT included).
// Without a flag each message goes straight into the pipeline (runtime.messagePipeline), one turn
// per message, in order. --ledger: through runtime.messageService, the message ledger in front of
// the pipeline, as connectors and MESSAGE_RECEIVED take it (durable acceptance, room order, exactly
// once).
// --bus: each message goes through the message bus and the durable inbox (acceptInbound, then the
// pipeline, then markInboundAnswered), as `kith start` takes a REST or WebSocket message, instead
// of straight into the pipeline.
// Both measure steady state: 500 messages first warm up the JIT and SQLite (V8 takes a few
// hundred turns to optimise the hot paths; after only 20, the first 400 measured messages ran up to
// twice as slow as the last ones). WARM_UP=20 node bench/pipeline.js shows the colder figures.
// cpuMsPerMessage (process CPU time per message) is steadier than the wall-clock figures on a
// shared machine. promptPrefixShare: how much of each message-handler prompt a provider's prompt
// cache could reuse (see prefixShare); like promptCharsPerCall it does not depend on machine load.
// --socket (with --postgres): to the same server through its Unix socket instead of 127.0.0.1.
// NODE_ARGS passes node flags to the scenario processes (NODE_ARGS=--cpu-prof).
// Run after `npm run build`: node bench/pipeline.js [--postgres] [--bus] [dm|group] (each scenario runs in a
// process of its own)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const {
  AgentRuntime,
  ChannelType,
  createLogger,
  MessageBus,
  MessageBusService,
  stringToUuid,
  toBusMessage,
} = require('@kith/core');
const { createScriptedModel, createScriptedModelPlugin, scriptedReply } = require('@kith/core/test');
const { bootstrapPlugin } = require('@kith/plugin-bootstrap');
const { sqlPlugin } = require('@kith/plugin-sql');
const { textEmbeddingHandler } = require('@kith/plugin-eliza-classic');

const FLAGS = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const POSTGRES = FLAGS.has('--postgres');
const BUS = FLAGS.has('--bus');
const LEDGER = FLAGS.has('--ledger');
const SOCKET = FLAGS.has('--socket');
const MESSAGES = 1_000;
const WARM_UP = Number(process.env.WARM_UP ?? 500);
const CHARACTER_FILE = path.join(__dirname, '..', 'packages', 'cli', 'characters', 'eliza.json');

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Folds the WAL into the database file so file sizes compare like with like. */
function checkpoint(runtime) {
  runtime.db?.$client?.pragma?.('wal_checkpoint(TRUNCATE)');
}

function dirSize(dir) {
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

/**
 * The average, over consecutive message-handler prompts of one room (rooms taken apart by the
 * call's hints), of the identical-prefix length divided by the later prompt's length.
 */
function prefixShare(calls) {
  const previous = new Map();
  let sum = 0;
  let pairs = 0;
  for (const call of calls) {
    const hints = call.params?.hints;
    if (hints?.purpose !== 'messageHandler') continue;
    const before = previous.get(hints.roomId);
    previous.set(hints.roomId, call.prompt);
    if (before === undefined || call.prompt.length === 0) continue;
    let same = 0;
    const limit = Math.min(before.length, call.prompt.length);
    while (same < limit && before.charCodeAt(same) === call.prompt.charCodeAt(same)) same++;
    sum += same / call.prompt.length;
    pairs++;
  }
  return pairs === 0 ? 0 : Number((sum / pairs).toFixed(3));
}

async function createAgent(dataDir, databaseUrl) {
  const character = JSON.parse(fs.readFileSync(CHARACTER_FILE, 'utf8'));
  delete character.plugins;
  const agentId = stringToUuid(character.name);
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_SMALL'
      ? '<response><name>Eliza</name><reasoning>addressed</reasoning><action>RESPOND</action></response>'
      : scriptedReply('Please tell me more about that.'),
  );
  const embedder = {
    name: 'hashing-embedder',
    description: 'offline embeddings',
    models: { TEXT_EMBEDDING: textEmbeddingHandler },
  };
  // plugin-sql as `kith start` loads it: the adapter on <dataDir>/kith.db (or PostgreSQL) and its run logs.
  character.settings = {
    ...character.settings,
    KITH_DATA_DIR: dataDir,
    ...(databaseUrl ? { KITH_DATABASE_URL: databaseUrl } : {}),
  };
  // The bus has no keepExistingResponses option: the character setting does the same.
  if (BUS) character.settings.BASIC_CAPABILITIES_KEEP_RESP = 'true';
  const runtime = new AgentRuntime({
    character,
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model), embedder],
    logger: createLogger({ level: 'silent' }),
  });
  await runtime.initialize();
  return { runtime, model };
}

/** Bytes the database takes: the SQLite folder, or the PostgreSQL database. */
async function databaseBytes(runtime, dataDir) {
  if (!POSTGRES) {
    checkpoint(runtime);
    return dirSize(dataDir);
  }
  const { rows } = await runtime.adapter
    .getConnection()
    .then((pool) => pool.query('SELECT pg_database_size(current_database())::bigint AS n'));
  return Number(rows[0].n);
}

/**
 * CPU ms the PostgreSQL server has used so far: the postmaster's children (the backends serving
 * this process, autovacuum, the WAL writer...), from /proc. Per message, beside the client's own
 * CPU time, it shows what a turn costs the server; less noisy than wall time on a shared machine.
 */
function serverCpuMs() {
  const dataDir = process.env.KITH_BENCH_POSTGRES_DATA;
  if (!dataDir || !fs.existsSync('/proc')) return 0;
  const postmaster = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1] is the parent pid; [11] utime, [12] stime (fields 4, 14 and 15 of stat(5)).
      if (fields[1] === postmaster || pid === postmaster) total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A database of its own on the server the parent started. */
async function postgresDatabase(name) {
  const { createTestDatabase } = require('@kith/plugin-sql/testing');
  const database = await createTestDatabase(`bench_${name}`, process.env.KITH_BENCH_POSTGRES_URL);
  if (!SOCKET) return database;
  // The same server through its Unix socket (the cluster's folder), as a server on the same machine may be reached.
  const url = new URL(database.url);
  const socketDir = path.dirname(process.env.KITH_BENCH_POSTGRES_DATA);
  return { ...database, url: `postgres://${url.username}@localhost:${url.port}${url.pathname}?host=${socketDir}` };
}

async function scenario(name) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kith-bench-${name}-`));
  const database = POSTGRES ? await postgresDatabase(name) : undefined;
  const { runtime, model } = await createAgent(dataDir, database?.url);
  const roomCount = name === 'dm' ? 1 : 10;
  const type = name === 'dm' ? ChannelType.DM : ChannelType.GROUP;
  const rooms = [];
  for (let r = 0; r < roomCount; r++) {
    const roomId = stringToUuid(`bench-${name}-room-${r}`);
    const entityId = stringToUuid(`bench-${name}-user-${r}`);
    await runtime.ensureConnection({
      entityId,
      roomId,
      name: `User ${r}`,
      userName: `user${r}`,
      source: 'bench',
      type,
      worldId: stringToUuid(`bench-${name}-world`),
    });
    rooms.push({ roomId, entityId });
  }
  let bus;
  if (BUS) {
    bus = new MessageBus(runtime.logger);
    await MessageBusService.attach(runtime, bus);
    for (const { roomId } of rooms) bus.join(roomId, runtime.agentId);
  }
  /** One message, straight into the pipeline or through the bus (acknowledged once durable, then answered). */
  const handle = (roomId, entityId, text, options) =>
    BUS
      ? bus.publish(
          toBusMessage(
            { text, userName: 'bench user', channelType: type },
            { channelId: roomId, authorId: entityId, defaultSource: 'bench', targetAgentId: runtime.agentId },
          ),
        )
      : (LEDGER ? runtime.messageService : (runtime.messagePipeline ?? runtime.messageService)).handleMessage(
          runtime,
          { entityId, roomId, content: { text, source: 'bench' } },
          async () => [],
          options,
        );
  // Warm-up outside the measurement (JIT, prepared statements).
  for (let i = 0; i < WARM_UP; i++) {
    const { roomId, entityId } = rooms[i % roomCount];
    await handle(roomId, entityId, `warm up ${i}`);
  }
  await runtime.messageService.whenIdle();
  await runtime.getService('embedding')?.flush();
  const bytesBefore = await databaseBytes(runtime, dataDir);
  const callsBefore = model.calls.length;
  const tripsBefore = POSTGRES ? runtime.adapter.roundTrips : 0;
  const serverCpuBefore = serverCpuMs();

  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const latencies = [];
  const send = async (i) => {
    const { roomId, entityId } = rooms[i % roomCount];
    const started = performance.now();
    await handle(roomId, entityId, `I have been thinking about my work, item ${i}, and it worries me.`, {
      keepExistingResponses: true,
    });
    latencies.push(performance.now() - started);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  if (name === 'dm') for (let i = 0; i < MESSAGES; i++) await send(i);
  else await Promise.all(Array.from({ length: MESSAGES }, (_, i) => send(i)));
  await runtime.messageService.whenIdle();
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());

  // Let queued embeddings land, then checkpoint so the WAL is folded into the file before sizing it.
  await runtime.getService('embedding')?.flush();
  if (POSTGRES) await runtime.adapter.getLogs({ count: 1 }); // commits what still waits to ride along
  const trips = POSTGRES ? runtime.adapter.roundTrips - tripsBefore - 1 : undefined;
  const serverCpu = POSTGRES ? serverCpuMs() - serverCpuBefore : undefined;
  const bytesAfter = await databaseBytes(runtime, dataDir);
  await runtime.stop();
  await database?.drop();
  const calls = model.calls.slice(callsBefore);
  const textCalls = calls.filter((c) => c.modelType === 'TEXT_SMALL' || c.modelType === 'TEXT_LARGE');
  fs.rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    database: POSTGRES ? 'postgres' : 'sqlite',
    path: BUS ? 'bus' : LEDGER ? 'ledger' : 'pipeline',
    messages: MESSAGES,
    warmUpMessages: WARM_UP,
    msgsPerSec: Math.round((MESSAGES / elapsed) * 1000),
    latencyMedianMs: Number(percentile(latencies, 50).toFixed(2)),
    latencyP95Ms: Number(percentile(latencies, 95).toFixed(2)),
    // CPU time is steadier than wall time on a busy machine: compare it between runs.
    cpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / MESSAGES).toFixed(3)),
    systemCpuMsPerMessage: Number((cpu.system / 1000 / MESSAGES).toFixed(3)),
    textModelCallsPerMessage: Number((textCalls.length / MESSAGES).toFixed(3)),
    promptCharsPerCall: Math.round(
      textCalls.reduce((sum, c) => sum + c.prompt.length, 0) / Math.max(1, textCalls.length),
    ),
    promptPrefixShare: prefixShare(calls),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    dbBytesPerMessage: Math.round((bytesAfter - bytesBefore) / MESSAGES),
    ...(trips !== undefined ? { roundTripsPerMessage: Number((trips / MESSAGES).toFixed(2)) } : {}),
    ...(serverCpu !== undefined ? { serverCpuMsPerMessage: Number((serverCpu / MESSAGES).toFixed(3)) } : {}),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (process.env.KITH_BENCH_CHILD) return console.log(JSON.stringify(await scenario(wanted[0])));
  let cluster;
  if (POSTGRES) {
    const { startPostgresCluster } = require('@kith/plugin-sql/testing');
    cluster = await startPostgresCluster();
  }
  try {
    // Each scenario in a process of its own, so one's heap and JIT state do not colour the other's figures.
    for (const name of wanted.length ? wanted : ['dm', 'group']) {
      const env = {
        ...process.env,
        KITH_BENCH_CHILD: '1',
        ...(cluster
          ? { KITH_BENCH_POSTGRES_URL: cluster.url, KITH_BENCH_POSTGRES_DATA: path.join(cluster.dir, 'data') }
          : {}),
      };
      const nodeArgs = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawnSync(process.execPath, [...nodeArgs, __filename, ...FLAGS, name], {
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
        env,
      });
      if (child.status !== 0) throw new Error(`scenario ${name} failed (exit ${child.status})`);
      process.stdout.write(child.stdout);
    }
  } finally {
    await cluster?.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
