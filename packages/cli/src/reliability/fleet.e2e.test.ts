import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringToUuid } from '@kith/core';
import { createDatabaseAdapter } from '@kith/plugin-sql';
import { createTestDatabase, freePort, type PostgresCluster, startPostgresCluster } from '@kith/plugin-sql/testing';
import { inReplyToOf, memoryIdOf } from '../testing/database-view';
import { killIfRunning, type KithProcess, startKith } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';
import { PgDatabaseView } from '../testing/pg-database-view';
import { figuresOf, runLoadClient } from '../testing/run-load-client';
import type { MessageRecord } from './load-report';

/** Short leases keep the failover part of these tests to a few seconds. */
const LEASE_MS = 3_000;

interface PostResult {
  mode: string;
  duplicate: boolean;
  replies: { id: string }[];
}

async function post(url: string, agentId: string, body: Record<string, unknown>): Promise<PostResult> {
  const response = await fetch(`${url}/api/agents/${agentId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PostResult;
}

/** The rooms of a load report in the order they were planned (which decides the servers each talks to). */
function roomsOf(messages: MessageRecord[]): Map<string, MessageRecord[]> {
  const rooms = new Map<string, MessageRecord[]>();
  for (const m of messages) rooms.set(m.roomId, [...(rooms.get(m.roomId) ?? []), m]);
  return rooms;
}

/**
 * What the database says of a load run: every acknowledged message has
 * exactly one reply decision, nothing is pending, no message has two, and
 * each room's messages and replies were stored in send order.
 */
async function expectAnsweredOnceInOrder(
  db: PgDatabaseView,
  agentId: string,
  messages: MessageRecord[],
): Promise<void> {
  expect([...(await db.drained(30_000))]).toEqual([]);
  const replies = await db.repliesByMessage(agentId);
  const acknowledged = messages.filter((m) => m.ackedAt !== undefined);
  expect(
    acknowledged
      .filter((m) => replies.get(inReplyToOf(agentId, m.id))?.length !== 1)
      .map((m) => `${m.transport} ${m.id}`),
  ).toEqual([]);
  expect([...replies.values()].filter((list) => list.length > 1)).toEqual([]);
  for (const m of messages.filter((record) => record.doneAt !== undefined && record.error === undefined)) {
    expect(replies.get(inReplyToOf(agentId, m.id))?.map((r) => r.id)).toEqual(m.replyIds);
  }
  for (const [roomId, sent] of roomsOf(messages)) {
    const stored = await db.roomMessages(roomId);
    const inbound = stored.filter((m) => m.entityId !== agentId).map((m) => m.id);
    const inSendOrder = [...sent]
      .sort((a, b) => a.index - b.index)
      .map((m) => memoryIdOf(agentId, m.id))
      .filter((id) => inbound.includes(id));
    expect(inbound).toEqual(inSendOrder);
    const answered = stored.filter((m) => m.entityId === agentId).map((m) => m.inReplyTo);
    expect(answered).toEqual(
      inbound.map((id) => inReplyToOf(agentId, sent.find((m) => memoryIdOf(agentId, m.id) === id)!.id)),
    );
  }
}

describe('a fleet: three kith start processes on one PostgreSQL database', () => {
  let cluster: PostgresCluster;
  let dir: string;
  const servers: KithProcess[] = [];
  const installed: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 120 });
    dir = mkdtempSync(join(tmpdir(), 'kith-fleet-'));
  }, 60_000);
  afterEach(async () => {
    for (const server of servers.splice(0)) await killIfRunning(server);
  });
  afterAll(async () => {
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
    for (const folder of installed) rmSync(folder, { recursive: true, force: true });
  });

  async function fleet(
    name: string,
    count: number,
    env: NodeJS.ProcessEnv = {},
    character = writeLoadCharacter(dir),
  ): Promise<{ url: string; started: KithProcess[] }> {
    const database = await createTestDatabase(name, cluster.url);
    const started = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        startKith(join(dir, `${name}-${i}`), character, {
          env: { KITH_DATABASE_URL: database.url, KITH_LEASE_MS: String(LEASE_MS), ...env },
        }),
      ),
    );
    servers.push(...started);
    return { url: database.url, started };
  }

  it('answers 100 rooms x 20 messages spread over three servers exactly once and in order, through a kill -9 of one', async () => {
    const { url, started } = await fleet('fleet_load', 3);
    const [a, b, c] = started;
    const agentId = a.agentId;
    expect(new Set(started.map((server) => server.agentId)).size).toBe(1);
    // Each boot report names the fleet; the health route shows the others.
    for (const server of started) expect(server.stdout()).toMatch(/^Fleet: server \S+, lease 3000 ms; /m);
    // Each server sees the others from its next heartbeat on (a quarter lease).
    type Health = { fleet?: { serverId: string; servers: { serverId: string }[] } };
    let health: Health = {};
    for (let tries = 0; tries < 100 && health.fleet?.servers.length !== 3; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      health = (await (await fetch(`${a.url}/api/health`)).json()) as Health;
    }
    expect(health.fleet?.servers.length).toBe(3);
    expect(health.fleet?.servers[0].serverId).toBe(health.fleet?.serverId);

    // The load client SIGKILLs server b a third of the way in (at the 666th acknowledgement).
    const report = await runLoadClient([
      ...[a, b, c].flatMap((server) => ['--url', server.url]),
      ...[
        '--agent',
        agentId,
        '--rooms',
        '100',
        '--messages',
        '20',
        '--retry-elsewhere',
        '--timeout-ms',
        '90000',
        '--details',
      ],
      ...['--kill-pid', String(b.pid), '--kill-after-acks', '666'],
    ]);
    expect(await b.exit).toEqual({ code: null, signal: 'SIGKILL' });
    process.stdout.write(`[reliability] fleet figures: ${JSON.stringify(figuresOf(report))}\n`);
    const messages = report.messages ?? [];

    // WebSocket rooms talk to server (room index mod 3); REST rooms are watched from server (index + 1) mod 3.
    const rooms = [...roomsOf(messages).values()];
    const survivorRooms = rooms.filter(
      (room, index) => (room[0].transport === 'ws' ? index % 3 : (index + 1) % 3) !== 1,
    );
    const survivorMessages = survivorRooms.flat();
    expect(
      survivorMessages
        .filter((m) => m.error !== undefined || m.doneAt === undefined)
        .map((m) => `${m.transport} ${m.error}`),
    ).toEqual([]);
    expect(
      survivorMessages
        .filter((m) => m.transport !== 'http-sync' && m.replyFrames !== 1)
        .map((m) => `${m.transport} ${m.replyFrames}`),
    ).toEqual([]);
    expect(survivorMessages.filter((m) => m.replyIds.length !== 1)).toEqual([]);
    expect(report.replyDecisions.several).toBe(0);
    expect(report.outOfOrderRooms).toEqual([]);
    expect(Object.keys(report.modes).filter((mode) => !['simple', 'actions', 'ignored'].includes(mode))).toEqual([]);

    const db = await PgDatabaseView.open(url);
    try {
      await expectAnsweredOnceInOrder(db, agentId, messages);
      // The dead server's rooms went to the survivors.
      const owners = await db.query<{ owner: string | null }>('SELECT DISTINCT owner FROM kith_fleet_rooms');
      expect(owners.map((row) => row.owner).filter((owner) => owner?.includes(`-${b.pid}-`))).toEqual([]);
    } finally {
      await db.close();
    }
    // Operators see it: the survivors count the rooms they took over (GET /metrics, Prometheus text).
    const takeovers = await Promise.all(
      [a, c].map(async (server) => {
        const text = await (await fetch(`${server.url}/metrics`)).text();
        const line = text.split('\n').find((row) => row.startsWith('kith_fleet_lease_takeovers_total{'));
        return Number(line?.split(' ').pop() ?? 0);
      }),
    );
    expect(takeovers[0] + takeovers[1]).toBeGreaterThan(0);
    for (const server of [a, c]) {
      server.child.kill('SIGTERM');
      expect(await server.exit).toEqual({ code: 0, signal: null });
    }
  }, 240_000);

  it('answers one message id sent to two servers at the same instant once', async () => {
    const { url, started } = await fleet('fleet_same_id', 3);
    const [a, , c] = started;
    const agentId = a.agentId;
    for (let i = 0; i < 10; i++) {
      const [id, roomId] = [randomUUID(), randomUUID()];
      const body = { id, roomId, text: 'I am worried about my exams', userName: `twice-${i}` };
      const answers = await Promise.all([post(a.url, agentId, body), post(c.url, agentId, body)]);
      expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
      expect(answers[0].replies.map((r) => r.id)).toEqual(answers[1].replies.map((r) => r.id));
      expect(answers[0].replies).toHaveLength(1);
      const db = await PgDatabaseView.open(url);
      try {
        expect(
          (await db.roomMessages(roomId)).filter((m) => m.inReplyTo === inReplyToOf(agentId, id)).map((m) => m.id),
        ).toEqual(answers[0].replies.map((r) => r.id));
      } finally {
        await db.close();
      }
    }
  }, 120_000);

  it('loses nothing and answers nothing twice through a rolling restart under load', async () => {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const database = await createTestDatabase('fleet_rolling', cluster.url);
    const character = writeLoadCharacter(dir);
    const env = { KITH_DATABASE_URL: database.url, KITH_LEASE_MS: String(LEASE_MS) };
    const start = (i: number) => startKith(join(dir, `rolling-${i}`), character, { env, port: ports[i] });
    const current = await Promise.all([0, 1, 2].map(start));
    servers.push(...current);
    const agentId = current[0].agentId;

    const load = runLoadClient([
      ...current.flatMap((server) => ['--url', server.url]),
      ...[
        '--agent',
        agentId,
        '--rooms',
        '30',
        '--messages',
        '40',
        '--retry-elsewhere',
        '--timeout-ms',
        '90000',
        '--details',
      ],
    ]);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      current[i].child.kill('SIGTERM');
      expect(await current[i].exit).toEqual({ code: 0, signal: null });
      current[i] = await start(i);
      servers.push(current[i]);
    }
    const report = await load;
    process.stdout.write(`[reliability] rolling restart figures: ${JSON.stringify(figuresOf(report))}\n`);
    expect(report.acknowledged).toBeGreaterThan(0);
    const dbCheck = await PgDatabaseView.open(database.url);
    try {
      await expectAnsweredOnceInOrder(dbCheck, agentId, report.messages ?? []);
    } finally {
      await dbCheck.close();
    }
    expect(report.replyDecisions.several).toBe(0);
    expect(report.outOfOrderRooms).toEqual([]);
    const db = await PgDatabaseView.open(database.url);
    try {
      await expectAnsweredOnceInOrder(db, agentId, report.messages ?? []);
    } finally {
      await db.close();
    }
  }, 240_000);

  it('runs a repeat task with a 1 s interval once per interval on three servers, not three times', async () => {
    const database = await createTestDatabase('fleet_tasks', cluster.url);
    const runs = join(dir, 'task-runs.txt');
    writeFileSync(runs, '');
    // A plugin package installed where kith start (run from this package) looks for plugins.
    const plugin = 'kith-fleet-tick-test';
    const pluginDir = join(__dirname, '..', '..', 'node_modules', plugin);
    mkdirSync(pluginDir, { recursive: true });
    installed.push(pluginDir);
    writeFileSync(
      join(pluginDir, 'package.json'),
      JSON.stringify({ name: plugin, version: '1.0.0', main: 'index.js' }),
    );
    writeFileSync(
      join(pluginDir, 'index.js'),
      `const fs = require('node:fs');
module.exports = {
  name: 'fleet-tick',
  description: 'Counts the runs of a repeat task (the fleet test).',
  init: async (_config, runtime) => {
    runtime.registerTaskWorker({ name: 'FLEET_TICK', execute: async () => fs.appendFileSync(${JSON.stringify(runs)}, process.pid + ' ' + Date.now() + '\\n') });
  },
};
`,
    );
    const characterFile = join(dir, 'ticker.json');
    writeFileSync(
      characterFile,
      JSON.stringify({
        name: 'Ticker',
        bio: ['Ticks.'],
        plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-eliza-classic', plugin],
      }),
    );
    // The task exists before the servers start (each TaskService reads the tasks as it starts).
    const agentId = stringToUuid('Ticker');
    const adapter = createDatabaseAdapter({ url: database.url }, agentId);
    await adapter.init();
    await adapter.createTask({
      name: 'FLEET_TICK',
      description: 'tick',
      tags: ['queue', 'repeat'],
      metadata: { updateInterval: 1_000 },
    });
    await adapter.close();

    const started = await Promise.all(
      [0, 1, 2].map((i) =>
        startKith(join(dir, `ticker-${i}`), characterFile, { env: { KITH_DATABASE_URL: database.url } }),
      ),
    );
    servers.push(...started);
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const until = Date.now();
    const lines = readFileSync(runs, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number));
    const inWindow = lines.filter(([, at]) => at >= from && at <= until);
    // Three servers each running it every second would make ~18 runs in 6 s; one run per interval makes at most 6 (+1 at each edge).
    expect(inWindow.length).toBeGreaterThanOrEqual(2);
    expect(inWindow.length).toBeLessThanOrEqual(8);
    process.stdout.write(
      `[reliability] repeat task runs in 6 s on 3 servers: ${inWindow.length} (by ${new Set(inWindow.map(([pid]) => pid)).size} servers)\n`,
    );
  }, 120_000);
});
