import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { Client } from 'pg';
import { silentLogger } from '../../testing/silent-logger';
import { createTestDatabase } from '../../testing/test-database';
import { PgDatabaseAdapter } from '../pg-database-adapter';
import { PG_MIGRATIONS_FOLDER } from './pg-migrations-folder';

/** Every committed migration's tag, in order. */
const TAGS = (
  JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

async function journal(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL migrations', () => {
  it('bring up every adapter of several starting at once against an empty database, applied once', async () => {
    const database = await createTestDatabase('race');
    // Each URL gets a pool of its own: eight servers, as far as the database can tell.
    const adapters = Array.from(
      { length: 8 },
      (_, i) =>
        new PgDatabaseAdapter(randomUuid(), {
          url: `${database.url}?application_name=racer${i}`,
          logger: silentLogger(),
        }),
    );
    await Promise.all(adapters.map((adapter) => adapter.init()));
    const applied = await Promise.all(adapters.map(async (adapter) => (await adapter.status()).applied));
    expect(applied.filter((tags) => tags.length > 0)).toEqual([TAGS]);
    expect(await journal(database.url)).toBe(TAGS.length);
    await Promise.all(
      adapters.map((adapter, i) =>
        adapter.createMemory(
          { entityId: adapter.agentId, roomId: adapter.agentId, content: { text: `m${i}` } },
          'messages',
        ),
      ),
    );
    expect(await adapters[0].countMemories(adapters[0].agentId)).toBe(1);
    await Promise.all(adapters.map((adapter) => adapter.close()));
    await database.drop();
  });

  it('bring up several processes starting at once', async () => {
    const database = await createTestDatabase('race_processes');
    const script = path.join(__dirname, '..', '..', 'testing', 'fixtures', 'open-adapter.js');
    const runs = Array.from(
      { length: 3 },
      () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, [script, database.url], { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.stderr.on('data', (chunk) => (out += chunk));
          child.on('close', (code) => resolve({ code, out }));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    const applied = results.map((result) => JSON.parse(result.out.trim().split('\n').pop() as string) as string[]);
    expect(applied.filter((tags) => tags.length > 0)).toHaveLength(1);
    expect(await journal(database.url)).toBe(TAGS.length);
    await database.drop();
  });

  it('are a single read when the database is up to date', async () => {
    const database = await createTestDatabase('uptodate');
    const first = new PgDatabaseAdapter(randomUuid(), { url: database.url, logger: silentLogger() });
    await first.init();
    const before = first.roundTrips;
    await first.runMigrations();
    expect(first.roundTrips - before).toBe(1);
    await first.close();
    await database.drop();
  });
});
