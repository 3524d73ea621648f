import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The environment variable that carries the test server's admin URL from jest's global setup to the tests. */
export const TEST_POSTGRES_URL_ENV = 'KITH_TEST_POSTGRES_URL';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The test server's admin URL (set by plugin-sql's jest global setup, or by hand for an external server). */
export function testPostgresUrl(): string {
  const url = process.env[TEST_POSTGRES_URL_ENV];
  if (!url)
    throw new Error(
      `${TEST_POSTGRES_URL_ENV} is not set: run the tests through jest (its global setup starts PostgreSQL) or point it at a server`,
    );
  return url;
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops the database, cutting any connection still open to it. */
  drop(): Promise<void>;
}

async function admin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server, named `<prefix>_<random>`. */
export async function createTestDatabase(prefix = 'kith', serverUrl = testPostgresUrl()): Promise<TestDatabase> {
  const name = `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () =>
      admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
