import type { PostgresCluster } from '../src/testing/postgres-cluster';

export default async function teardown(): Promise<void> {
  const holder = globalThis as { __kithPostgres?: PostgresCluster };
  await holder.__kithPostgres?.destroy();
  holder.__kithPostgres = undefined;
}
