import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_LOG_TYPE, type UUID } from '@kith/core';
import { createDatabaseAdapter } from '../create-database-adapter';
import { runAdapterContractTests } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../testing/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-contract-'));
let n = 0;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

runAdapterContractTests('SqliteDatabaseAdapter (WebAssembly SIMD kernel)', async (agentId) =>
  createDatabaseAdapter({ dataDir: dir, filename: `simd-${n++}.db`, logger: silentLogger() }, agentId),
);

runAdapterContractTests('SqliteDatabaseAdapter (JavaScript kernel fallback)', async (agentId) =>
  createDatabaseAdapter({ dataDir: dir, filename: `js-${n++}.db`, disableSimd: true, logger: silentLogger() }, agentId),
);

describe('run logs on SQLite', () => {
  it("reads a run_event back whole while the row's body leaves out its room, entity and duration", async () => {
    const agentId = randomUUID() as UUID;
    const adapter = createDatabaseAdapter(
      { dataDir: dir, filename: `runs-${n++}.db`, logger: silentLogger() },
      agentId,
    );
    await adapter.init();
    const roomId = randomUUID() as UUID;
    const entityId = randomUUID() as UUID;
    const body = { runId: randomUUID(), status: 'completed', roomId, entityId, startTime: 5, endTime: 9, duration: 4 };
    await adapter.log({ body, entityId, roomId, type: RUN_LOG_TYPE });
    const [log] = await adapter.getLogs({ roomId, type: RUN_LOG_TYPE });
    expect(log?.body).toEqual(body);
    const sqlite = await adapter.getConnection();
    const stored = JSON.parse(sqlite.prepare('SELECT body FROM logs WHERE room_id = ?').pluck().get(roomId) as string);
    expect(stored).toEqual({ runId: body.runId, status: 'completed', startTime: 5, endTime: 9 });
    await adapter.close();
  });
});
