import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
