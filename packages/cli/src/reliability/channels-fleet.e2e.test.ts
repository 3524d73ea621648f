import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type PostgresCluster, startPostgresCluster } from '@kith/plugin-sql/testing';
import { inReplyToOf } from '../testing/database-view';
import { killIfRunning, type KithProcess, startKith } from '../testing/kith-server-process';
import { FrameSocket } from '../testing/frame-socket';
import { PgDatabaseView } from '../testing/pg-database-view';

/** Short leases keep the failover part to a few seconds. */
const LEASE_MS = 3_000;
const MAX_AGENT_TURNS = 6;

interface ChannelMessageView {
  id: string;
  authorId: string;
  authorKind: 'person' | 'agent';
  inReplyTo: string | null;
}

/** Two characters on the offline DOCTOR model, which answers every message it is asked about. */
function writeCharacters(dir: string): string[] {
  return ['Ada', 'Brook'].map((name) => {
    const file = join(dir, `${name.toLowerCase()}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        name,
        bio: [`${name}, a Rogerian listener on a panel.`],
        plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-eliza-classic'],
      }),
    );
    return file;
  });
}

async function api(server: KithProcess, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The channel's log read from `server`, once it has not grown for `quietMs`. */
async function settledLog(server: KithProcess, channelId: string, quietMs = 1_500): Promise<ChannelMessageView[]> {
  let last = -1;
  let stableSince = Date.now();
  for (let waited = 0; waited < 60_000; waited += 100) {
    const { body } = await api(server, `/api/channels/${channelId}/messages?limit=200`);
    const count = (body.messages as ChannelMessageView[]).length;
    if (count !== last) {
      last = count;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return body.messages as ChannelMessageView[];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the channel did not settle');
}

/** The rules of a channel's log after one person's message: every agent answers it, the limit holds, nothing twice or to oneself. */
function expectOneRound(log: ChannelMessageView[], personMessage: string, agentIds: string[]): void {
  const start = log.findIndex((m) => m.id === personMessage);
  expect(start).toBeGreaterThanOrEqual(0);
  const nextPerson = log.findIndex((m, i) => i > start && m.authorKind === 'person');
  const round = log.slice(start + 1, nextPerson < 0 ? undefined : nextPerson).filter((m) => m.authorKind === 'agent');
  expect(new Set(round.filter((m) => m.inReplyTo === personMessage).map((m) => m.authorId))).toEqual(new Set(agentIds));
  expect(round.length).toBeLessThanOrEqual(MAX_AGENT_TURNS);
  const byId = new Map(log.map((m) => [m.id, m]));
  for (const m of round) expect(byId.get(m.inReplyTo as string)?.authorId).not.toBe(m.authorId);
  const pairs = round.map((m) => `${m.authorId}>${m.inReplyTo}`);
  expect(new Set(pairs).size).toBe(pairs.length);
}

/** What the database holds: each agent recorded at most one decision per channel message it received, and one for each person's. */
async function expectOneDecisionEach(db: PgDatabaseView, log: ChannelMessageView[], agentIds: string[]): Promise<void> {
  for (const agentId of agentIds) {
    const replies = await db.repliesByMessage(agentId);
    for (const m of log) {
      if (m.authorId === agentId) continue;
      const decisions = replies.get(inReplyToOf(agentId, m.id))?.length ?? 0;
      expect({ agentId, message: m.id, decisions: Math.min(decisions, 2) }).toEqual({
        agentId,
        message: m.id,
        decisions: m.authorKind === 'person' ? 1 : Math.min(decisions, 1),
      });
    }
  }
}

describe('a channel of two agents on a fleet of two kith start processes on one PostgreSQL database', () => {
  let cluster: PostgresCluster;
  let dir: string;
  const servers: KithProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 80 });
    dir = mkdtempSync(join(tmpdir(), 'kith-channels-fleet-'));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers.splice(0)) await killIfRunning(server);
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('talks in turns across the servers, each agent deciding once per message, through a kill -9 of one', async () => {
    const database = await createTestDatabase('channels_fleet', cluster.url);
    const characters = writeCharacters(dir);
    const env = { KITH_DATABASE_URL: database.url, KITH_LEASE_MS: String(LEASE_MS) };
    const [a, b] = await Promise.all([0, 1].map((i) => startKith(join(dir, `server-${i}`), characters, { env })));
    servers.push(a, b);
    const agentIds = a.agentIds;
    expect(agentIds).toHaveLength(2);
    expect(b.agentIds).toEqual(agentIds);

    const [ada, brook] = agentIds;
    // Ada's room goes to A with the first message; Brook joins on B and its room goes to B with the second, so
    // the agents answer each other across the servers.
    const created = await api(a, '/api/channels', { name: 'panel', agentIds: [ada], maxAgentTurns: MAX_AGENT_TURNS });
    expect(created.status).toBe(201);
    const channelId = created.body.channelId as string;
    const first = await api(a, `/api/channels/${channelId}/messages`, {
      text: 'I feel lonely lately.',
      userName: 'Pat',
    });
    expect(first.status).toBe(202);
    expectOneRound(await settledLog(a, channelId), first.body.messageId, [ada]);
    const joined = await api(b, `/api/channels/${channelId}/agents`, { agentId: brook });
    expect(joined.body.agentIds).toEqual([ada, brook]);

    // A WebSocket client on A follows the channel; the person posts on B and reads on A.
    const follower = await FrameSocket.open(a.url);
    follower.send({ type: 'join', channelId });
    await follower.waitFor((frames) => frames.some((f) => f.type === 'joined'));
    const second = await api(b, `/api/channels/${channelId}/messages`, {
      text: 'My friends never call me.',
      userName: 'Pat',
    });
    expect(second.status).toBe(202);
    const secondLog = await settledLog(a, channelId);
    expectOneRound(secondLog, second.body.messageId, agentIds);
    // Each agent answered the other at least once: replies cross from A to B and from B to A.
    const toAgents = secondLog.filter((m) => m.authorKind === 'agent' && m.inReplyTo !== second.body.messageId);
    expect(new Set(toAgents.map((m) => m.authorId))).toEqual(new Set(agentIds));
    // The follower on A heard every message of the round, the person's posted on B included, once each.
    const round = secondLog.slice(secondLog.findIndex((m) => m.id === second.body.messageId)).map((m) => m.id);
    await follower.waitFor((frames) =>
      round.every((id) => frames.some((f) => f.type === 'user_message' && f.id === id)),
    );
    const heard = follower.frames.filter((f) => f.type === 'user_message').map((f) => f.id as string);
    expect(heard.filter((id) => round.includes(id)).sort()).toEqual([...round].sort());
    follower.close();

    // B, which holds Brook's room, is killed mid-conversation; the next message goes to A, which must wait
    // out B's lease, take the room over and answer what is pending there, once.
    b.child.kill('SIGKILL');
    expect(await b.exit).toEqual({ code: null, signal: 'SIGKILL' });
    const third = await api(a, `/api/channels/${channelId}/messages`, { text: 'Nobody listens.', userName: 'Pat' });
    expect(third.status).toBe(202);
    const db = await PgDatabaseView.open(database.url);
    try {
      expect([...(await db.drained(LEASE_MS * 5))]).toEqual([]);
      const log = await settledLog(a, channelId);
      expectOneRound(log, third.body.messageId, agentIds);
      // Both agents took part from the second person's message on.
      const both = log.slice(log.findIndex((m) => m.id === second.body.messageId));
      await expectOneDecisionEach(db, both, agentIds);
    } finally {
      await db.close();
    }
    a.child.kill('SIGTERM');
    expect(await a.exit).toEqual({ code: 0, signal: null });
  }, 180_000);
});
