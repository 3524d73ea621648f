import type { SqlLogger } from '../../shared/sql-logger';
import { EMBEDDING_DIMENSIONS } from '../../shared/vectors/embedding-dimensions';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { PgDriver, PgQueryRunner } from '../connection/pg-driver';
import { withSchemaLock } from '../migrations/advisory-lock';
import { toVectorLiteral } from './vector-literal';

/** Where vector search runs: pgvector's HNSW index in the server, or the in-process index. */
export type VectorMode = 'pgvector' | 'in-process';
/** What the settings ask for (KITH_PGVECTOR): use pgvector when the server has it, insist on it, or never. */
export type VectorPreference = 'auto' | 'pgvector' | 'in-process';

/** The pgvector column of one size. */
export const vectorColumn = (dimension: number): string => `vec_${dimension}`;

/** pgvector's HNSW index takes `vector` columns of at most 2,000 dimensions; 3072 is searched exactly. */
const HNSW_MAX_DIMENSIONS = 2_000;
const BACKFILL_BATCH = 500;

async function exists(runner: PgQueryRunner, text: string, values: unknown[] = []): Promise<boolean> {
  return (await runner.query({ text, values })).rows.length > 0;
}

const EXTENSION_INSTALLED = "SELECT 1 FROM pg_extension WHERE extname = 'vector'";
const EXTENSION_AVAILABLE = "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'";
const COLUMNS_PRESENT = `SELECT 1 FROM information_schema.columns
  WHERE table_schema = current_schema() AND table_name = 'memories' AND column_name = $1`;

/**
 * Decides where vector search runs and prepares the database for it. With
 * pgvector (installed, or installable by this user), memories get a
 * `vec_<n>` column per supported size with an HNSW cosine index, and vectors
 * stored before are copied into them; all under the schema lock, once per
 * database. Without it, the in-process index searches the stored bytes.
 */
export async function setUpVectorSearch(
  driver: PgDriver,
  preference: VectorPreference,
  logger: SqlLogger,
): Promise<VectorMode> {
  if (preference === 'in-process') return 'in-process';
  const last = vectorColumn(EMBEDDING_DIMENSIONS[EMBEDDING_DIMENSIONS.length - 1]);
  if ((await exists(driver, EXTENSION_INSTALLED)) && (await exists(driver, COLUMNS_PRESENT, [last]))) return 'pgvector';
  if (!(await exists(driver, EXTENSION_AVAILABLE))) {
    if (preference === 'pgvector')
      throw new Error(
        'KITH_PGVECTOR=on but the server has no pgvector extension: install it (CREATE EXTENSION vector) or leave the setting out',
      );
    return 'in-process';
  }
  return withSchemaLock(driver, async (connection) => {
    try {
      await connection.query({ text: 'CREATE EXTENSION IF NOT EXISTS vector' });
    } catch (error) {
      if (preference === 'pgvector') throw error;
      logger.warn(
        { err: error },
        'pgvector is available but could not be installed (CREATE EXTENSION vector needs a privileged user); vector search runs in process',
      );
      return 'in-process';
    }
    for (const dimension of EMBEDDING_DIMENSIONS) {
      const column = vectorColumn(dimension);
      await connection.query({ text: `ALTER TABLE memories ADD COLUMN IF NOT EXISTS ${column} vector(${dimension})` });
      if (dimension <= HNSW_MAX_DIMENSIONS) {
        await connection.query({
          text: `CREATE INDEX IF NOT EXISTS memories_${column}_hnsw_idx ON memories USING hnsw (${column} vector_cosine_ops)`,
        });
      }
      await backfill(connection, dimension);
    }
    return 'pgvector';
  });
}

/** Copies vectors stored before pgvector was there into their column. */
async function backfill(connection: PgQueryRunner, dimension: number): Promise<void> {
  const column = vectorColumn(dimension);
  for (;;) {
    const { rows } = await connection.query<{ seq: number; embedding: Uint8Array }>({
      text: `SELECT seq, embedding FROM memories WHERE dimension = $1 AND embedding IS NOT NULL AND ${column} IS NULL LIMIT ${BACKFILL_BATCH}`,
      values: [dimension],
    });
    if (rows.length === 0) return;
    await connection.query({
      text: `UPDATE memories m SET ${column} = v.vec::vector FROM unnest($1::bigint[], $2::text[]) AS v(seq, vec) WHERE m.seq = v.seq`,
      values: [rows.map((row) => row.seq), rows.map((row) => toVectorLiteral(fromFloat32Blob(row.embedding)))],
    });
  }
}
