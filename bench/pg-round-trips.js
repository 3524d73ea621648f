#!/usr/bin/env node
// Database round trips per message on PostgreSQL: the message pipeline (plugin-sql as `kith start`
// loads it, run logs included) with an instant scripted model, on a throw-away local server that
// the script starts and stops. Counts every statement sent on the adapter's pool (BEGIN and COMMIT
// included) and prints one JSON line per scenario:
//   dm     one DM room, messages one after another
//   group  10 group rooms, messages sent concurrently
// msgsPerSec is printed for orientation only (the machine is shared; the benchmarks proper are
// bench/pipeline.js and the SQL benches).
// Run after `npm run build`: node bench/pg-round-trips.js [dm|group]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { AgentRuntime, ChannelType, createLogger, stringToUuid } = require('@kith/core');
const { createScriptedModel, createScriptedModelPlugin, scriptedReply } = require('@kith/core/test');
const { bootstrapPlugin } = require('@kith/plugin-bootstrap');
const { sqlPlugin } = require('@kith/plugin-sql');
const { startPostgresCluster, createTestDatabase } = require('@kith/plugin-sql/testing');
const { textEmbeddingHandler } = require('@kith/plugin-eliza-classic');

const MESSAGES = Number(process.env.MESSAGES ?? 500);
const WARM_UP = Number(process.env.WARM_UP ?? 200);
const CHARACTER_FILE = path.join(__dirname, '..', 'packages', 'cli', 'characters', 'eliza.json');

async function scenario(name, url) {
  const character = JSON.parse(fs.readFileSync(CHARACTER_FILE, 'utf8'));
  delete character.plugins;
  character.settings = { ...character.settings, KITH_DATABASE_URL: url };
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_SMALL'
      ? '<response><name>Eliza</name><reasoning>addressed</reasoning><action>RESPOND</action></response>'
      : scriptedReply('Please tell me more about that.'),
  );
  const embedder = { name: 'hashing-embedder', description: 'offline embeddings', models: { TEXT_EMBEDDING: textEmbeddingHandler } };
  const runtime = new AgentRuntime({
    character,
    agentId: stringToUuid(`${character.name}-${name}`),
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model), embedder],
    logger: createLogger({ level: 'silent' }),
  });
  await runtime.initialize();
  const roomCount = name === 'dm' ? 1 : 10;
  const rooms = [];
  for (let r = 0; r < roomCount; r++) {
    const roomId = stringToUuid(`pg-${name}-room-${r}`);
    const entityId = stringToUuid(`pg-${name}-user-${r}`);
    await runtime.ensureConnection({ entityId, roomId, name: `User ${r}`, userName: `user${r}`, source: 'bench', type: name === 'dm' ? ChannelType.DM : ChannelType.GROUP, worldId: stringToUuid(`pg-${name}-world`) });
    rooms.push({ roomId, entityId });
  }
  const send = (i) => {
    const { roomId, entityId } = rooms[i % roomCount];
    return runtime.messageService.handleMessage(runtime, { entityId, roomId, content: { text: `I have been thinking about my work, item ${i}, and it worries me.`, source: 'bench' } }, async () => [], { keepExistingResponses: true });
  };
  for (let i = 0; i < WARM_UP; i++) await send(i);
  await runtime.messageService.whenIdle();
  await runtime.getService('embedding')?.flush();
  const adapter = runtime.adapter;
  const tripsBefore = adapter.roundTrips;
  const started = performance.now();
  if (name === 'dm') for (let i = 0; i < MESSAGES; i++) await send(i);
  else await Promise.all(Array.from({ length: MESSAGES }, (_, i) => send(i)));
  await runtime.messageService.whenIdle();
  const elapsed = performance.now() - started;
  await runtime.getService('embedding')?.flush();
  await adapter.getLogs({ count: 1 }); // commits what still waits to ride along
  const trips = adapter.roundTrips - tripsBefore - 1;
  await runtime.stop();
  return {
    scenario: name,
    database: 'postgres',
    messages: MESSAGES,
    roundTripsPerMessage: Number((trips / MESSAGES).toFixed(2)),
    msgsPerSec: Math.round((MESSAGES / elapsed) * 1000),
  };
}

async function main() {
  const wanted = process.argv.slice(2);
  const cluster = await startPostgresCluster();
  try {
    for (const name of wanted.length ? wanted : ['dm', 'group']) {
      const database = await createTestDatabase(`bench_${name}`, cluster.url);
      console.log(JSON.stringify(await scenario(name, database.url)));
    }
  } finally {
    await cluster.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
