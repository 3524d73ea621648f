import { KithError, randomUuid } from '@kith/core';
import { Client } from 'pg';
import { SqlErrorCode } from '../../errors';
import { silentLogger } from '../../testing/silent-logger';
import { freePort, PASSWORD_ROLE, type PostgresCluster, startPostgresCluster } from '../../testing/postgres-cluster';
import { testPostgresUrl, withDatabase } from '../../testing/test-database';
import { PgDatabaseAdapter } from '../pg-database-adapter';

async function initError(url: string): Promise<KithError> {
  const adapter = new PgDatabaseAdapter(randomUuid(), { url, connectTimeoutMs: 3_000, logger: silentLogger() });
  const error = await adapter.init().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!KithError.isInstance(error)) throw new Error(`expected a KithError, got ${String(error)}`);
  return error;
}

describe('opening a PostgreSQL database that is not there', () => {
  it('names host, port, database and the fix when nothing listens', async () => {
    const port = await freePort();
    const error = await initError(`postgres://kith:secret@127.0.0.1:${port}/agents`);
    expect(error.code).toBe(SqlErrorCode.DATABASE_UNREACHABLE);
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toContain('"agents"');
    expect(error.message).toContain('KITH_DATABASE_URL');
    expect(error.message).not.toContain('secret');
  });

  it('names the user when the password is wrong', async () => {
    const admin = new Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${PASSWORD_ROLE}`);
    await admin.query(`CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD 'right'`);
    await admin.end();
    const url = new URL(withDatabase(testPostgresUrl(), 'postgres'));
    url.username = PASSWORD_ROLE;
    url.password = 'not-the-pass-7x';
    const error = await initError(url.toString());
    expect(error.code).toBe(SqlErrorCode.DATABASE_AUTH_FAILED);
    expect(error.message).toContain(PASSWORD_ROLE);
    expect(error.message).not.toContain('not-the-pass-7x');
  });

  it('says how to create a missing database', async () => {
    const error = await initError(withDatabase(testPostgresUrl(), 'no_such_database'));
    expect(error.code).toBe(SqlErrorCode.DATABASE_MISSING);
    expect(error.message).toContain('createdb');
    expect(error.message).toContain('no_such_database');
  });

  it('refuses a URL that is not a postgres URL', async () => {
    expect(() => new PgDatabaseAdapter(randomUuid(), { url: 'mysql://root@localhost/db' })).toThrow(
      expect.objectContaining({ code: SqlErrorCode.INVALID_DATABASE_URL }),
    );
  });
});

describe('the server restarting while an agent runs', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 30 });
  }, 60_000);
  afterAll(async () => {
    await cluster.destroy();
  });

  it('fails calls in flight with a clear error, then reconnects, listening again', async () => {
    const url = withDatabase(cluster.url, 'postgres');
    const agentId = randomUuid();
    const room = randomUuid();
    const adapter = new PgDatabaseAdapter(agentId, { url, logger: silentLogger() });
    const other = new PgDatabaseAdapter(agentId, { url: `${url}?application_name=other`, logger: silentLogger() });
    await adapter.init();
    await other.init();
    await adapter.createMemory({ entityId: agentId, roomId: room, content: { text: 'before' } }, 'messages');
    expect(await adapter.countMemories(room)).toBe(1);

    await cluster.stop();
    const during = await adapter
      .createMemory({ entityId: agentId, roomId: room, content: { text: 'during' } }, 'messages')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(KithError.hasCode(during, SqlErrorCode.DATABASE_UNAVAILABLE)).toBe(true);
    expect((during as Error).message).toContain('createMemory');
    await expect(adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).rejects.toMatchObject({
      code: SqlErrorCode.DATABASE_UNAVAILABLE,
    });

    await cluster.start();
    expect(await adapter.countMemories(room)).toBe(1); // the pool reconnects; nothing of the failed call was stored
    // The change listener is back too: a write through another pool reaches this adapter's cache.
    const feed = (adapter as unknown as { session: { ctx: { conn: { feed: { live: boolean; received: number } } } } })
      .session.ctx.conn.feed;
    while (!feed.live) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      (await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).map((m) => m.content.text),
    ).toEqual(['before']);
    const before = feed.received;
    await other.createMemory(
      { entityId: agentId, roomId: room, content: { text: 'after' }, createdAt: Date.now() + 1 },
      'messages',
    );
    while (feed.received === before) await new Promise((resolve) => setImmediate(resolve));
    expect(
      (await adapter.getMemories({ tableName: 'messages', roomId: room, count: 5 })).map((m) => m.content.text),
    ).toEqual(['after', 'before']);
    await other.close();
    await adapter.close();
  }, 60_000);
});
