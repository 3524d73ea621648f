import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  type PostgresCluster,
  startPostgresCluster,
  type TestDatabase,
} from '@kith/plugin-sql/testing';
import { inReplyToOf, memoryIdOf } from '../testing/database-view';
import { killIfRunning, startKith, type KithProcess } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';
import { type SteadyRecord, SteadyLoad } from '../testing/steady-load';
import { pgStoreView } from '../testing/store-view';

/**
 * The errors a client may be told while the database is away, each naming PostgreSQL and what
 * happens next: a refusal (HTTP 503, or a WebSocket error frame, with its code) or a turn's
 * failure (its done frame's error).
 */
const DATABASE_ERRORS =
  /^(HTTP 503 )?(KITH_SQL_DATABASE_UNAVAILABLE: )?\w+\(\) failed: lost the connection to PostgreSQL at 127\.0\.0\.1:\d+ \(database "restart_\w+"\) \(.+\)\. Nothing of this call was stored; the adapter reconnects once the server is back\.$/;

interface PostResult {
  mode: string;
  duplicate: boolean;
  replies: { id: string }[];
}

describe('the database restarts while kith start runs under load (PostgreSQL)', () => {
  let dir: string;
  let cluster: PostgresCluster;
  let database: TestDatabase;
  let server: KithProcess | undefined;
  let load: SteadyLoad | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 60 });
  }, 60_000);
  afterAll(async () => {
    await cluster.destroy();
  });
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kith-db-restart-'));
    database = await createTestDatabase('restart', cluster.url);
  });
  afterEach(async () => {
    if (server && server.child.exitCode !== 0 && server.child.signalCode !== 'SIGTERM')
      process.stdout.write(`[reliability] server stderr (end): ${server.stderr().slice(-3000)}\n`);
    load?.abandon();
    await killIfRunning(server);
    await cluster.start(); // in case a failure left it stopped
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('fails turns in flight and refuses new messages with a clear error, reconnects when it is back, and loses nothing acknowledged', async () => {
    const character = writeLoadCharacter(dir);
    server = await startKith(join(dir, 'data'), character, { databaseUrl: database.url });
    const { agentId } = server;
    load = await SteadyLoad.start(server.url, agentId, { wsRooms: 4, httpRooms: 4 });
    await load.until('100 answers before the stop', () => load!.summary().answered >= 100);

    // Fast shutdown: PostgreSQL cuts every connection, turns in flight included.
    await cluster.stop();
    const stoppedAt = load.now();
    const sentWhileDown = () => load!.list().filter((r) => r.sentAt > stoppedAt + 200);
    await load.until('refusals of each kind while the database is down', () => {
      const refused = sentWhileDown().filter((r) => r.ackedAt === undefined && r.error !== undefined);
      return (['ws', 'http-sync', 'http-async'] as const).every(
        (transport) => refused.filter((r) => r.transport === transport).length >= 3,
      );
    });
    await cluster.start();
    const restartedAt = load.now();
    await load.until(
      '100 answers after the restart',
      () =>
        load!.list().filter((r) => r.sentAt > restartedAt && r.endedAt !== undefined && r.error === undefined).length >=
        100,
    );
    await load.stop();

    const records = load.list();
    const acknowledged = records.filter((r) => r.ackedAt !== undefined);
    const refused = records.filter((r) => r.ackedAt === undefined);
    const failedAfterAck = acknowledged.filter((r) => r.error !== undefined);
    const during = (r: SteadyRecord) => r.sentAt >= stoppedAt && r.sentAt < restartedAt;
    process.stdout.write(
      `[reliability] database restart figures: ${JSON.stringify({
        ...load.summary(),
        sentWhileDown: records.filter(during).length,
        acknowledgedWhileDown: records.filter((r) => during(r) && r.ackedAt !== undefined).length,
        answeredAfterRestart: records.filter((r) => r.sentAt > restartedAt && r.error === undefined).length,
        downMs: Math.round(restartedAt - stoppedAt),
        errors: [
          ...new Set(
            records.flatMap((r) => (r.error ? [r.error.replace(/[0-9a-f-]{36}/g, '<id>').slice(0, 160)] : [])),
          ),
        ].slice(0, 8),
      })}\n`,
    );

    // Every message has an outcome; every failure the client was told is a clear database error, never a bare 500.
    expect(records.filter((r) => r.endedAt === undefined)).toEqual([]);
    expect(
      records
        .filter((r) => r.error !== undefined && !DATABASE_ERRORS.test(r.error))
        .map((r) => `${r.transport}: ${r.error}`),
    ).toEqual([]);
    // Nothing sent while the database was down was acknowledged (the ack means durable).
    expect(
      records
        .filter(
          (r) =>
            r.sentAt > stoppedAt + 200 && r.sentAt < restartedAt && r.ackedAt !== undefined && r.ackedAt < restartedAt,
        )
        .map((r) => r.id),
    ).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(9);

    const db = await pgStoreView(database.url);
    try {
      // Nothing acknowledged is lost: every acknowledged message is stored, those whose turn failed too.
      const stored = await db.storedIds(acknowledged.map((r) => memoryIdOf(agentId, r.id)));
      expect(
        acknowledged.filter((r) => !stored.has(memoryIdOf(agentId, r.id))).map((r) => `${r.transport} ${r.id}`),
      ).toEqual([]);
      // Every answer the client got is the one stored, and no message has two.
      const replies = await db.repliesByMessage(agentId);
      for (const r of acknowledged.filter((m) => m.error === undefined))
        expect([r.id, replies.get(inReplyToOf(agentId, r.id))?.map((m) => m.id)]).toEqual([r.id, r.replyIds]);
      expect([...replies.values()].filter((list) => list.length > 1)).toEqual([]);
    } finally {
      await db.close();
    }

    // A client retries what was refused, with the same ids: each gets one answer (the message may have been stored before the error).
    const retried = refused.slice(0, 30);
    for (const r of retried) {
      const response = await fetch(`${server.url}/api/agents/${agentId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: r.id, roomId: r.roomId, text: 'retried after the restart', userName: 'retry' }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as PostResult;
      expect([r.id, body.replies.length <= 1]).toEqual([r.id, true]);
    }
    const after = await pgStoreView(database.url);
    try {
      const replies = await after.repliesByMessage(agentId);
      expect([...replies.values()].filter((list) => list.length > 1)).toEqual([]);
      for (const r of retried)
        expect([r.id, replies.get(inReplyToOf(agentId, r.id))?.length ?? 0]).toEqual([r.id, expect.any(Number)]);
    } finally {
      await after.close();
    }
    process.stdout.write(
      `[reliability] turns in flight at the stop that failed after their ack: ${failedAfterAck.length}\n`,
    );

    server.child.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 180_000);
});
