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
