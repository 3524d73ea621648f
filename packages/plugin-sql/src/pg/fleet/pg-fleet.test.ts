import { type ForwardedMessage, type FleetOutcome, randomUuid, RoomLeaseLostError, type UUID } from '@kith/core';
import pg from 'pg';
import { silentLogger } from '../../testing/silent-logger';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PgDatabaseAdapter } from '../pg-database-adapter';
import { type FleetNotice, ownNoticePrefixes } from './fleet-notice';
import type { PgRoomCoordinator } from './pg-room-coordinator';

let database: TestDatabase;
let sql: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase('fleet');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await database.drop();
});

/** A URL of its own makes a pool, listeners and a fleet server of its own: another process, as far as the fleet can tell. */
const urlFor = (name: string): string => `${database.url}?application_name=${name}`;

interface Server {
  adapter: PgDatabaseAdapter;
  coordinator: PgRoomCoordinator;
  forwarded: ForwardedMessage[];
  outcomes: FleetOutcome[];
}

async function server(name: string, agentId: UUID, leaseMs = 60_000): Promise<Server> {
  const adapter = new PgDatabaseAdapter(agentId, { url: urlFor(name), logger: silentLogger(), fleet: { leaseMs } });
  await adapter.init();
  const coordinator = adapter.roomCoordinator as PgRoomCoordinator;
  const served: Server = { adapter, coordinator, forwarded: [], outcomes: [] };
  coordinator.connect({
    // A forwarded message is answered at once: its entry committed as answered under the room's lease.
    answer: async (message) => {
      served.forwarded.push(message);
      await coordinator.markAnswered(message.entry, { mode: 'simple' });
    },
    outcome: (outcome) => void served.outcomes.push(outcome),
    chunk: () => undefined,
  });
  return served;
}

const inbound = (roomId: UUID) => ({ messageId: randomUuid(), roomId, body: { text: 'hello' } });

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('own notices', () => {
  it('start with the prefixes a server drops them by, as JSON.stringify and json_build_object write them', async () => {
    const serverId = 'host-1-a1b2c3';
    const [done, chunk, accepted] = ownNoticePrefixes(serverId);
    const d: FleetNotice = { k: 'd', s: serverId, a: 'agent', r: 'room', m: 'message' };
    const c: FleetNotice = { k: 'c', s: serverId, a: 'agent', r: 'room', m: 'message', i: 0, t: 'hi' };
    expect(JSON.stringify(d).startsWith(done)).toBe(true);
    expect(JSON.stringify(c).startsWith(chunk)).toBe(true);
    // The acceptance statement's notice (batch-statement.ts, lnt).
    const { rows } = await sql.query<{ n: string }>(
      "SELECT json_build_object('k', 'i', 's', $1::text, 'a', 'agent', 'r', 'room', 'q', 1, 'o', 'other')::text AS n",
      [serverId],
    );
    expect(rows[0].n.startsWith(accepted)).toBe(true);
    expect(JSON.stringify({ ...d, s: 'host-1-d4e5f6' }).startsWith(done)).toBe(false);
  });
});

describe('the fleet on PostgreSQL (two servers in one process)', () => {
  const agentId = randomUuid();
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    a = await server('fleet_a', agentId);
    b = await server('fleet_b', agentId);
  });
  afterAll(async () => {
    await a.adapter.close();
    await b.adapter.close();
  });

  it('listens on both channels (kith_changes, kith_fleet) on one connection per server', async () => {
    const { rows } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'fleet_a' AND query LIKE 'LISTEN %'",
    );
    expect(rows[0].n).toBe(1);
  });

  it("gives a room to the first server that accepts for it and forwards the others' messages there, answered once", async () => {
    const roomId = randomUuid();
    const first = await a.coordinator.accept(inbound(roomId));
    expect(first).toMatchObject({ created: true, local: true });
    const answered = a.coordinator.schedule(
      { seq: first.entry.seq, messageId: first.entry.messageId, roomId },
      async () => {
        await a.coordinator.markAnswered(
          { seq: first.entry.seq, messageId: first.entry.messageId, roomId },
          { mode: 'simple' },
        );
        return 'done';
      },
    );
    await expect(answered).resolves.toBe('done');

    const second = await b.coordinator.accept(inbound(roomId));
    expect(second).toMatchObject({ created: true, local: false });
    const outcome = await b.coordinator.awaitOutcome({ messageId: second.entry.messageId, roomId });
    expect(outcome).toMatchObject({
      messageId: second.entry.messageId,
      mode: 'simple',
      serverId: a.coordinator.serverId,
    });
    expect(a.forwarded.map((f) => f.entry.messageId)).toEqual([second.entry.messageId]);
    expect(a.forwarded[0]).toMatchObject({ takenOver: false, body: { text: 'hello' } });
    const { rows } = await sql.query("SELECT count(*)::int AS n FROM inbox WHERE room_id = $1 AND state = 'accepted'", [
      roomId,
    ]);
    expect(rows[0].n).toBe(0);
    expect(a.coordinator.status()).toMatchObject({ serverId: a.coordinator.serverId, rooms: expect.any(Number) });
    // b joined after a's last heartbeat: b sees a, a sees b at its next one.
    expect(b.coordinator.status().servers.map((s) => s.serverId)).toEqual([
      b.coordinator.serverId,
      a.coordinator.serverId,
    ]);
  });

  it('fences a turn whose room was taken over: its decision does not commit', async () => {
    const roomId = randomUuid();
    const accepted = await a.coordinator.accept(inbound(roomId));
    const entry = { seq: accepted.entry.seq, messageId: accepted.entry.messageId, roomId };
    const turn = a.coordinator.schedule(entry, async () => {
      // Meanwhile another server took the room (a's lease ran out while it was paused).
      await sql.query(
        "UPDATE kith_fleet_rooms SET owner = 'someone-else', epoch = epoch + 1 WHERE agent_id = $1 AND room_id = $2",
        [agentId, roomId],
      );
      await a.coordinator.markAnswered(entry, { mode: 'simple' });
    });
    expect(
      RoomLeaseLostError.isInstance(
        await turn.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    ).toBe(true);
    const { rows } = await sql.query('SELECT state FROM inbox WHERE agent_id = $1 AND message_id = $2', [
      agentId,
      entry.messageId,
    ]);
    expect(rows[0].state).toBe('accepted');
    expect(a.coordinator.status().rooms).toBeGreaterThanOrEqual(0);
  });

  it('takes over the rooms of a server whose lease ran out and answers what it left', async () => {
    const roomId = randomUuid();
    const accepted = await a.coordinator.accept(inbound(roomId));
    expect(accepted.local).toBe(true);
    // a "dies" with the entry unanswered: its row expires (its own heartbeat is a minute away).
    await sql.query("UPDATE kith_fleet_servers SET expires_at = now() - interval '1 second' WHERE server_id = $1", [
      a.coordinator.serverId,
    ]);
    (b.adapter as unknown as { session: { ctx: { conn: { fleet: { scan(): void } } } } }).session.ctx.conn.fleet.scan();
    await until(() => b.forwarded.some((f) => f.entry.messageId === accepted.entry.messageId));
    expect(b.forwarded.find((f) => f.entry.messageId === accepted.entry.messageId)?.takenOver).toBe(true);
    const { rows } = await sql.query('SELECT owner, epoch FROM kith_fleet_rooms WHERE agent_id = $1 AND room_id = $2', [
      agentId,
      roomId,
    ]);
    expect(rows[0]).toMatchObject({ owner: b.coordinator.serverId, epoch: '2' });
  });

  it("keeps a room taken after the list of held rooms was asked for (the list's snapshot may predate the claim)", async () => {
    const askedAt = performance.now();
    const roomId = randomUuid();
    const accepted = await a.coordinator.accept(inbound(roomId));
    expect(accepted.local).toBe(true);
    // The heartbeat's list, read before the claim committed, does not show the room.
    a.coordinator.reconcile(new Map(), askedAt);
    const entry = { seq: accepted.entry.seq, messageId: accepted.entry.messageId, roomId };
    const runs: string[] = [];
    const answered = a.coordinator.schedule(entry, async () => {
      runs.push('local');
      await a.coordinator.markAnswered(entry, { mode: 'simple' });
      return 'done';
    });
    await expect(answered).resolves.toBe('done');
    expect(runs).toEqual(['local']);
    expect(a.forwarded.map((f) => f.entry.messageId)).not.toContain(entry.messageId);
    // A list asked for after the room was taken, without it, means the room was lost.
    a.coordinator.reconcile(new Map(), performance.now());
    expect(
      RoomLeaseLostError.isInstance(
        await a.coordinator.schedule(entry, async () => 'again').catch((error: unknown) => error),
      ),
    ).toBe(true);
  });

  it('lets one server claim a due task per interval', async () => {
    const taskId = await a.adapter.createTask({
      name: 'TICK',
      description: 'tick',
      tags: ['queue', 'repeat'],
      metadata: { updateInterval: 60_000 },
    });
    const claims = await Promise.all([
      a.adapter.claimTask(taskId, { intervalMs: 60_000, leaseMs: 0 }),
      b.adapter.claimTask(taskId, { intervalMs: 60_000, leaseMs: 0 }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await a.adapter.claimTask(taskId, { intervalMs: 60_000, leaseMs: 0 })).toBe(false);
  });
});
