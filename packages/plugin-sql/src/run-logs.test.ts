import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_LOG_TYPE, randomUuid } from '@kith/core';
import { createDatabaseAdapter } from './create-database-adapter';
import { PgDatabaseAdapter } from './pg/pg-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
import { silentLogger } from './testing/silent-logger';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

type Adapter = SqliteDatabaseAdapter | PgDatabaseAdapter;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-run-logs-'));
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('run_logs');
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An adapter of the dialect, and the body JSON its logs table holds for a room's record. */
const DIALECTS: [
  name: string,
  open: () => Adapter,
  storedBody: (adapter: Adapter, roomId: string) => Promise<unknown>,
][] = [
  [
    'SQLite',
    () => createDatabaseAdapter({ dataDir: dir, filename: `${randomUuid()}.db`, logger: silentLogger() }, randomUuid()),
    async (adapter, roomId) => {
      const sqlite = (await adapter.getConnection()) as {
        prepare(sql: string): { pluck(): { get(...params: unknown[]): unknown } };
      };
      return JSON.parse(sqlite.prepare('SELECT body FROM logs WHERE room_id = ?').pluck().get(roomId) as string);
    },
  ],
  [
    'PostgreSQL',
    () => new PgDatabaseAdapter(randomUuid(), { url: database.url, logger: silentLogger() }),
    async (adapter, roomId) => {
      const pool = (await adapter.getConnection()) as {
        query(text: string, values: unknown[]): Promise<{ rows: { body: unknown }[] }>;
      };
      return (await pool.query('SELECT body FROM logs WHERE room_id = $1', [roomId])).rows[0]?.body;
    },
  ],
];

describe.each(DIALECTS)('run logs on %s', (_name, open, storedBody) => {
  it("reads a run_event back whole while the row's body leaves out its room, entity and duration", async () => {
    const adapter = open();
    await adapter.init();
    const roomId = randomUuid();
    const entityId = randomUuid();
    const body = { runId: randomUuid(), status: 'completed', roomId, entityId, startTime: 5, endTime: 9, duration: 4 };
    await adapter.log({ body, entityId, roomId, type: RUN_LOG_TYPE });
    const [log] = await adapter.getLogs({ roomId, type: RUN_LOG_TYPE });
    expect(log?.body).toEqual(body);
    expect(await storedBody(adapter, roomId)).toEqual({
      runId: body.runId,
      status: 'completed',
      startTime: 5,
      endTime: 9,
    });
    await adapter.close();
  });
});
