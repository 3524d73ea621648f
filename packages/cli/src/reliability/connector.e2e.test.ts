import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type PostgresCluster, startPostgresCluster } from '@kith/plugin-sql/testing';
import { CONNECTOR_PLUGIN, installConnectorPlugin } from '../testing/connector-plugin';
import { killIfRunning, type KithProcess, startKith } from '../testing/kith-server-process';

/** Short leases keep a fleet's hand-overs quick. */
const LEASE_MS = 3_000;

interface Told {
  platformId: string;
  text: string;
  actions: string[];
  pid: number;
}

function connectorUrl(server: KithProcess, path: string): string {
  return `${server.url}/api/agents/${server.agentId}/plugins/${CONNECTOR_PLUGIN}${path}`;
}

/** The platform delivers a message to this server's connector; resolves once the connector's handler is done. */
async function deliver(server: KithProcess, body: { platformId: string; channel: string; text: string }) {
  const response = await fetch(connectorUrl(server, '/receive'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: `user-${body.channel}`, ...body }),
  });
  expect(response.status).toBe(200);
}

async function toldBy(server: KithProcess): Promise<Told[]> {
  return (await (await fetch(connectorUrl(server, '/told'))).json()) as Told[];
}

async function storedFor(
  server: KithProcess,
  channel: string,
  platformIds: string[],
): Promise<Record<string, { messages: number; replies: number }>> {
  const query = `?channel=${channel}&platformIds=${platformIds.join(',')}`;
  return (await (await fetch(connectorUrl(server, `/replies${query}`))).json()) as Record<
    string,
    { messages: number; replies: number }
  >;
}

function writeConnectorCharacter(dir: string): string {
  const file = join(dir, 'connected.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'Connected',
      bio: ['A Rogerian listener reached through a chat platform connector.'],
      plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-eliza-classic', CONNECTOR_PLUGIN],
      settings: { BASIC_CAPABILITIES_KEEP_RESP: 'true' },
    }),
  );
  return file;
}

describe('a connector plugin (MESSAGE_RECEIVED with a callback) goes through the message ledger', () => {
  let dir: string;
  let pluginDir: string;
  let character: string;
  const servers: KithProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-connector-'));
    pluginDir = installConnectorPlugin(join(__dirname, '..', '..'));
    character = writeConnectorCharacter(dir);
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await killIfRunning(server);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(pluginDir, { recursive: true, force: true });
  });

  it('on one server (SQLite): a platform message delivered twice is answered once, one callback', async () => {
    const server = await startKith(join(dir, 'single'), character);
    servers.push(server);
    const platformIds = Array.from({ length: 5 }, (_, i) => `single-${i}`);
    for (const platformId of platformIds) {
      const message = { platformId, channel: 'single', text: `I feel uneasy about ${platformId}` };
      await Promise.all([deliver(server, message), deliver(server, message)]);
    }
    const told = await toldBy(server);
    expect(platformIds.map((id) => told.filter((t) => t.platformId === id).length)).toEqual([1, 1, 1, 1, 1]);
    const stored = await storedFor(server, 'single', platformIds);
    expect(Object.values(stored)).toEqual(platformIds.map(() => ({ messages: 1, replies: 1 })));
    server.child.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 60_000);

  describe('on a fleet of two kith start processes on one PostgreSQL database', () => {
    let cluster: PostgresCluster;

    beforeAll(async () => {
      cluster = await startPostgresCluster({ maxConnections: 60 });
    }, 60_000);
    afterAll(async () => {
      await cluster?.destroy();
    });

    async function fleet(name: string): Promise<[KithProcess, KithProcess]> {
      const database = await createTestDatabase(name, cluster.url);
      const env = { KITH_DATABASE_URL: database.url, KITH_LEASE_MS: String(LEASE_MS) };
      const started = await Promise.all([0, 1].map((i) => startKith(join(dir, `${name}-${i}`), character, { env })));
      servers.push(...started);
      expect(started[0].agentId).toBe(started[1].agentId);
      return started as [KithProcess, KithProcess];
    }

    it('answers a message that reaches both servers once: one stored reply, one callback across the fleet', async () => {
      const [a, b] = await fleet('connector_both');
      const channels = ['both-1', 'both-2', 'both-3'];
      const sent: { platformId: string; channel: string }[] = [];
      for (let i = 0; i < 4; i++) {
        // Every server runs the connector, so the platform delivers each message to both at once.
        await Promise.all(
          channels.map(async (channel) => {
            const message = { platformId: `${channel}-${i}`, channel, text: `I keep thinking about ${channel} ${i}` };
            sent.push(message);
            await Promise.all([deliver(a, message), deliver(b, message)]);
          }),
        );
      }
      const told = [...(await toldBy(a)), ...(await toldBy(b))];
      const callbacks = sent.map((m) => told.filter((t) => t.platformId === m.platformId).length);
      expect(callbacks).toEqual(sent.map(() => 1));
      for (const channel of channels) {
        const ids = sent.filter((m) => m.channel === channel).map((m) => m.platformId);
        const stored = await storedFor(a, channel, ids);
        expect(Object.values(stored)).toEqual(ids.map(() => ({ messages: 1, replies: 1 })));
      }
    }, 120_000);

    it('tells the reply through the callback of the server that received the message, when another server holds the room', async () => {
      const [a, b] = await fleet('connector_remote');
      // A takes the room with the first message; B then receives the second one alone.
      await deliver(a, { platformId: 'remote-1', channel: 'held-by-a', text: 'I am sad today' });
      await deliver(b, { platformId: 'remote-2', channel: 'held-by-a', text: 'My mother does not listen to me' });
      const toldA = await toldBy(a);
      const toldB = await toldBy(b);
      expect(toldA.map((t) => t.platformId)).toEqual(['remote-1']);
      expect(toldB.map((t) => t.platformId)).toEqual(['remote-2']);
      expect(toldB[0]).toMatchObject({ pid: b.pid });
      expect(toldB[0].text.length).toBeGreaterThan(0);
      const stored = await storedFor(b, 'held-by-a', ['remote-1', 'remote-2']);
      expect(stored).toEqual({ 'remote-1': { messages: 1, replies: 1 }, 'remote-2': { messages: 1, replies: 1 } });
      // The room stayed with A: it answered B's message.
      const health = (await (await fetch(`${a.url}/api/health`)).json()) as { fleet?: { rooms?: number }[] };
      expect(JSON.stringify(health)).toContain('"rooms":1');
    }, 120_000);
  });
});
