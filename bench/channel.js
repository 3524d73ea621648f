#!/usr/bin/env node
// A busy channel: five agents on one SQLite folder in one server (as `kith start -c ... -c ...` runs
// them), an instant scripted model that always wants to answer, and a person posting ROUNDS
// messages through POST /api/channels/:id/messages, each once the previous round has gone quiet.
// After each person's message the agents talk until the channel's turn limit (MAX_AGENT_TURNS,
// default 6) stops them. Prints one JSON line: agent messages per second while they talk, agent
// messages per person message, model calls per agent message, CPU ms per agent message.
// Run after `npm run build`: node bench/channel.js [ROUNDS=20] [AGENTS=5] [MAX_AGENT_TURNS=6]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { AgentRuntime, createLogger, stringToUuid } = require('@kith/core');
const { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } = require('@kith/core/test');
const { bootstrapPlugin } = require('@kith/plugin-bootstrap');
const { createDatabaseAdapter, sqlPlugin } = require('@kith/plugin-sql');
const { createServer } = require('@kith/server');

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const AGENTS = Number(process.env.AGENTS ?? 5);
const MAX_AGENT_TURNS = Number(process.env.MAX_AGENT_TURNS ?? 6);
const NAMES = ['Ada', 'Brook', 'Cyd', 'Dara', 'Eli', 'Fen', 'Gus', 'Hal'];

async function agent(dataDir, name, logger, models) {
  let said = 0;
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_LARGE'
      ? scriptedReply(`${name} adds point ${++said}.`)
      : '<response><reasoning>worth answering</reasoning><action>RESPOND</action></response>',
  );
  models.push(model);
  const agentId = stringToUuid(`bench-channel-${name}`);
  const runtime = new AgentRuntime({
    character: { ...structuredClone(testCharacter), name, settings: { KITH_DATA_DIR: dataDir } },
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 })],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    logger,
  });
  await runtime.initialize();
  return runtime;
}

async function json(url, pathname, body) {
  const response = await fetch(`${url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Every message of the channel, page by page. */
async function countMessages(url, channelId) {
  let count = 0;
  let cursor = '';
  for (;;) {
    const page = await json(url, `/api/channels/${channelId}/messages?limit=200${cursor}`);
    count += page.messages.length;
    if (!page.nextCursor) return count;
    cursor = `&cursor=${page.nextCursor}`;
  }
}

/** The channel's message count once it has not grown for `quietMs` (the agents have stopped). */
async function quiet(url, channelId, quietMs = 150) {
  let last = -1;
  let lastChange = performance.now();
  for (;;) {
    const count = await countMessages(url, channelId);
    const now = performance.now();
    if (count !== last) {
      last = count;
      lastChange = now;
    } else if (now - lastChange >= quietMs) return { count, settledAt: lastChange };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-bench-channel-'));
  const logger = createLogger({ level: 'silent' });
  const models = [];
  const runtimes = [];
  for (const name of NAMES.slice(0, AGENTS)) runtimes.push(await agent(dataDir, name, logger, models));
  const server = await createServer({ agents: runtimes, logger, rateLimit: false, env: {} });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  const { channelId } = await json(url, '/api/channels', {
    name: 'bench',
    agentIds: runtimes.map((runtime) => runtime.agentId),
    maxAgentTurns: MAX_AGENT_TURNS,
  });

  let talking = 0;
  let before = 0;
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await json(url, `/api/channels/${channelId}/messages`, {
      text: `Round ${round}: what do you think?`,
      userName: 'Pat',
    });
    const { count, settledAt } = await quiet(url, channelId);
    talking += settledAt - started;
    before = count;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const agentMessages = before - ROUNDS;
  const modelCalls = models.reduce((sum, model) => sum + model.calls.length, 0);
  process.stdout.write(
    `${JSON.stringify({
      scenario: 'channel',
      agents: AGENTS,
      rounds: ROUNDS,
      maxAgentTurns: MAX_AGENT_TURNS,
      agentMessages,
      agentMessagesPerPersonMessage: Number((agentMessages / ROUNDS).toFixed(2)),
      agentMessagesPerSec: Math.round(agentMessages / (talking / 1000)),
      modelCallsPerAgentMessage: Number((modelCalls / agentMessages).toFixed(2)),
      cpuMsPerAgentMessage: Number(((cpu.user + cpu.system) / 1000 / agentMessages).toFixed(2)),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    })}\n`,
  );
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
