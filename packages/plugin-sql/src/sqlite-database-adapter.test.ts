import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabaseAdapter } from './create-database-adapter';
import { runAdapterContractTests } from '@kith/core/test/adapter-contract';
import { silentLogger } from './test-support/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-contract-'));
let n = 0;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

runAdapterContractTests('SqliteDatabaseAdapter (sqlite-vec)', async (agentId) =>
  createDatabaseAdapter({ dataDir: dir, filename: `vec-${n++}.db`, logger: silentLogger() }, agentId),
);

runAdapterContractTests('SqliteDatabaseAdapter (exact-scan fallback)', async (agentId) =>
  createDatabaseAdapter({ dataDir: dir, filename: `scan-${n++}.db`, disableVectorExtension: true, logger: silentLogger() }, agentId),
);
