import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { runAdapterContractTests, unitVector } from '@kith/core/test/adapter-contract';
import { silentLogger } from '../testing/silent-logger';
import { PgDatabaseAdapter } from './pg-database-adapter';

// PGlite ships pgvector compiled to WebAssembly: the pgvector path (HNSW index, search in SQL)
// runs against real pgvector here. One instance for the file; each test serves a fresh agent.
let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { vector } });
}, 60_000);
afterAll(async () => {
  await pglite.close();
});

describe('pgvector on PGlite', () => {
  it('installs the extension and searches in SQL', async () => {
    const adapter = new PgDatabaseAdapter('00000000-0000-4000-8000-0000000000aa', { pglite, logger: silentLogger() });
    await adapter.init();
    expect(adapter.vectorSearch).toBe('pgvector');
    const { rows } = await pglite.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE indexname LIKE 'memories_vec_%' ORDER BY 1",
    );
    expect(rows.map((row) => row.indexname)).toEqual([
      'memories_vec_1024_hnsw_idx',
      'memories_vec_1536_hnsw_idx',
      'memories_vec_384_hnsw_idx',
      'memories_vec_512_hnsw_idx',
      'memories_vec_768_hnsw_idx',
    ]);
    await adapter.close();
  });

  it('stores a vector that comes with an accepted inbound message, searchable in SQL', async () => {
    const agentId = '00000000-0000-4000-8000-0000000000ab';
    const adapter = new PgDatabaseAdapter(agentId, { pglite, logger: silentLogger() });
    await adapter.init();
    const room = '00000000-0000-4000-8000-0000000000ac';
    const messageId = '00000000-0000-4000-8000-0000000000ad';
    const embedding = unitVector(77);
    const accepted = await adapter.acceptInbound(
      { messageId, roomId: room, body: { text: 'hi' } },
      { entityId: agentId, roomId: room, content: { text: 'hi' }, embedding },
    );
    expect(accepted).toMatchObject({ created: true, stored: true });
    const [hit] = await adapter.searchMemories({ tableName: 'messages', embedding, count: 1 });
    expect(hit?.content.text).toBe('hi');
    expect(hit?.similarity).toBeCloseTo(1, 4);
    await adapter.close();
  });
});

runAdapterContractTests(
  'PgDatabaseAdapter (PGlite, pgvector)',
  async (agentId) => new PgDatabaseAdapter(agentId, { pglite, logger: silentLogger() }),
);
