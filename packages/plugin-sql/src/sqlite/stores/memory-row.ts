// The SQLite reads of memories; the row type and its mapping are dialect-neutral (shared/memories).
import type { SqlParam } from '../connection/sql-runner';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import { SharedEmbedding } from '../../shared/memories/memory-row';

/**
 * Columns and join every memory read uses. The vector itself stays in the
 * file until a reader asks for `memory.embedding`: copying 21 blobs of
 * 1.5 KB out of SQLite was a third of the recent-messages read of every
 * turn, and that reader never looks at them.
 */
export const MEMORY_SELECT = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, e.dimension
  FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq`;

/** MEMORY_SELECT without the embeddings join, for callers that hold the vectors already. */
export const MEMORY_SELECT_WITHOUT_VECTOR = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, NULL AS dimension FROM memories m`;

const VECTOR_BY_ID = 'SELECT e.vector FROM memories m JOIN embeddings e ON e.memory_seq = m.seq WHERE m.id = ?';

type TupleReader = { tuple<Row extends unknown[]>(sql: string, ...params: SqlParam[]): Row | undefined };
const embeddings = new WeakMap<TupleReader, SharedEmbedding>();

/** The lazy `memory.embedding` of this connection's memories: the vector stored for the memory's id, read on first use. */
export function storedEmbedding(sql: TupleReader): SharedEmbedding {
  let embedding = embeddings.get(sql);
  if (!embedding) {
    embedding = new SharedEmbedding((id) => {
      const row = sql.tuple<[Buffer]>(VECTOR_BY_ID, id);
      return row ? fromFloat32Blob(row[0]) : undefined;
    });
    embeddings.set(sql, embedding);
  }
  return embedding;
}

export { type MemoryRow, SEQ, toMemory } from '../../shared/memories/memory-row';
