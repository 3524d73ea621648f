// @kith/plugin-sql/testing: a throw-away PostgreSQL server and databases for tests, and a silent logger.
export {
  findPostgresBinaries,
  freePort,
  PASSWORD_ROLE,
  type PostgresCluster,
  startPostgresCluster,
} from './postgres-cluster';
export {
  createTestDatabase,
  TEST_POSTGRES_URL_ENV,
  type TestDatabase,
  testPostgresUrl,
  withDatabase,
} from './test-database';
export { silentLogger } from './silent-logger';
