import { randomUUID } from 'node:crypto';
import { RUN_LOG_TYPE, type UUID } from '@kith/core';
import { runAdapterContractTests } from '@kith/core/test/adapter-contract';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { silentLogger } from '../testing/silent-logger';
import { PgDatabaseAdapter } from './pg-database-adapter';

// One database for the file; each test's adapter serves a fresh agent id on it.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('contract');
});
afterAll(async () => {
  await database.drop();
});

runAdapterContractTests(
  'PgDatabaseAdapter (PostgreSQL server, in-process vector index)',
  async (agentId) => new PgDatabaseAdapter(agentId, { url: database.url, logger: silentLogger() }),
);

describe('run logs on PostgreSQL', () => {
  it("reads a run_event back whole while the row's body leaves out its room, entity and duration", async () => {
    const adapter = new PgDatabaseAdapter(randomUUID() as UUID, { url: database.url, logger: silentLogger() });
    await adapter.init();
    const roomId = randomUUID() as UUID;
    const entityId = randomUUID() as UUID;
    const body = { runId: randomUUID(), status: 'completed', roomId, entityId, startTime: 5, endTime: 9, duration: 4 };
    await adapter.log({ body, entityId, roomId, type: RUN_LOG_TYPE });
    const [log] = await adapter.getLogs({ roomId, type: RUN_LOG_TYPE });
    expect(log?.body).toEqual(body);
    const pool = (await adapter.getConnection()) as {
      query(text: string, values: unknown[]): Promise<{ rows: { body: unknown }[] }>;
    };
    const { rows } = await pool.query('SELECT body FROM logs WHERE room_id = $1', [roomId]);
    expect(rows[0]?.body).toEqual({ runId: body.runId, status: 'completed', startTime: 5, endTime: 9 });
    await adapter.close();
  });
});
