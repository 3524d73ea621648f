import { type PostgresCluster, startPostgresCluster } from '../src/testing/postgres-cluster';
import { TEST_POSTGRES_URL_ENV } from '../src/testing/test-database';

/**
 * One PostgreSQL server per jest run, in a temporary folder on a free port;
 * each test file makes its own database on it (createTestDatabase). Set
 * KITH_TEST_POSTGRES_URL to use a server of your own instead.
 */
export default async function setup(): Promise<void> {
  if (process.env[TEST_POSTGRES_URL_ENV]) return;
  const cluster = await startPostgresCluster();
  (globalThis as { __kithPostgres?: PostgresCluster }).__kithPostgres = cluster;
  process.env[TEST_POSTGRES_URL_ENV] = cluster.url;
}
