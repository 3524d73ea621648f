import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { randomUuid } from '@kith/core';
import { unitVector } from '@kith/core/test/adapter-contract';
import { PgDatabaseAdapter } from '../pg/pg-database-adapter';
import { SqliteDatabaseAdapter } from '../sqlite/sqlite-database-adapter';
import { silentLogger } from '../testing/silent-logger';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres';

// PGlite ships pgvector: copied vectors land in the vec_<n> columns too, and pgvector's search finds them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-copy-pgvector-'));
let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { vector } });
}, 60_000);
afterAll(async () => {
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('fills the pgvector columns, so the agent searches its copied memories in SQL', async () => {
  const agentId = randomUuid();
  const room = randomUuid();
  const sqlite = new SqliteDatabaseAdapter(agentId, { dataDir: dir, logger: silentLogger() });
  await sqlite.init();
  await sqlite.createAgent({ id: agentId, name: 'Vectors' });
  await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      sqlite.createMemory(
        {
          id: randomUuid(),
          entityId: agentId,
          agentId,
          roomId: room,
          content: { text: `memory ${i}` },
          embedding: unitVector(i),
        },
        'facts',
        true,
      ),
    ),
  );
  const pg = new PgDatabaseAdapter(agentId, { pglite, logger: silentLogger() });
  await pg.init(); // makes the vec_<n> columns before the copy
  expect(pg.vectorSearch).toBe('pgvector');
  try {
    const report = await copySqliteToPostgres({ from: dir, pglite, logger: silentLogger() });
    expect(report.tables.find((t) => t.table === 'memories')).toMatchObject({ inserted: 300, verified: 300 });
    expect(report.complete).toBe(true);
    const { rows } = await pglite.query<{ n: number }>('SELECT count(vec_384)::int AS n FROM memories');
    expect(rows[0].n).toBe(300);
    const query = { tableName: 'facts', embedding: unitVector(7), count: 5 };
    const [expected, found] = [await sqlite.searchMemories(query), await pg.searchMemories(query)];
    expect(found.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(found[0].similarity).toBeCloseTo(1, 4);
  } finally {
    await pg.close();
    await sqlite.close();
  }
}, 60_000);
