import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Agent, randomUuid, type UUID } from '@kith/core';
import { createDatabaseAdapter } from './create-database-adapter';
import type { PgDatabaseAdapter } from './pg/pg-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
import { silentLogger } from './testing/silent-logger';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

type Adapter = SqliteDatabaseAdapter | PgDatabaseAdapter;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-update-if-'));
let database: TestDatabase;
let pglite: PGlite;
beforeAll(async () => {
  database = await createTestDatabase('update_if');
  pglite = await PGlite.create();
});
afterAll(async () => {
  await database.drop();
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Two writers (two servers) on one database of the dialect. */
const DIALECTS: [name: string, open: (file: string) => [Adapter, Adapter]][] = [
  [
    'SQLite',
    (file) => [
      createDatabaseAdapter({ dataDir: dir, filename: file, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ dataDir: dir, filename: file, logger: silentLogger() }, randomUuid()),
    ],
  ],
  [
    'PostgreSQL',
    () => [
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
    ],
  ],
  [
    'PGlite',
    () => [
      createDatabaseAdapter({ pglite, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ pglite, logger: silentLogger() }, randomUuid()),
    ],
  ],
];

const versionOf = (agent: Partial<Agent>) => (agent as { rev?: number }).rev;

describe.each(DIALECTS)('updateAgentIf on %s', (_name, open) => {
  it('updates only when the stored agent meets the condition: of two writers from the same state, one wins', async () => {
    const [a, b] = open(`${randomUuid()}.db`);
    await a.init();
    await b.init();
    try {
      const id: UUID = randomUuid();
      await a.createAgent({ id, name: 'Mira', bio: 'one', rev: 1, createdAt: 1, updatedAt: 1 } as Partial<Agent>);
      const at = (rev: number) => (stored: Agent) => versionOf(stored) === rev;
      const results = await Promise.all([
        a.updateAgentIf(id, { bio: 'from a', rev: 2 } as Partial<Agent>, at(1)),
        b.updateAgentIf(id, { bio: 'from b', rev: 2 } as Partial<Agent>, at(1)),
      ]);
      expect([...results].sort()).toEqual(['refused', 'updated']);
      const stored = await a.getAgent(id);
      expect(stored?.bio).toBe(results[0] === 'updated' ? 'from a' : 'from b');
      expect(versionOf(stored as Agent)).toBe(2);
      expect(await a.updateAgentIf(randomUuid(), { bio: 'x' }, () => true)).toBe('absent');
      expect(await b.updateAgentIf(id, { bio: 'three', rev: 3 } as Partial<Agent>, at(2))).toBe('updated');
      expect((await a.getAgent(id))?.bio).toBe('three');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
