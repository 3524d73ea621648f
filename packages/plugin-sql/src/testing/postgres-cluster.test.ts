import { Client } from 'pg';
import { startPostgresCluster } from './postgres-cluster';
import { createTestDatabase } from './test-database';

describe('startPostgresCluster', () => {
  it('starts a server that takes connections, stops and starts again, and cleans up', async () => {
    const cluster = await startPostgresCluster({ maxConnections: 20 });
    try {
      const db = await createTestDatabase('cluster_test', cluster.url);
      const client = new Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query('SELECT current_database() AS name')).rows[0].name).toBe(db.name);
      await client.end();
      await cluster.stop();
      await expect(new Client({ connectionString: db.url }).connect()).rejects.toThrow();
      await cluster.start();
      const again = new Client({ connectionString: db.url });
      await again.connect();
      await again.end();
      await db.drop();
    } finally {
      await cluster.destroy();
    }
  });
});
