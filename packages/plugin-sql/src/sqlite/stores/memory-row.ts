// The SQLite reads of memories; the row type and its mapping are dialect-neutral (shared/memories).
import type { SqlParam } from '../connection/sql-runner';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';
import type { VectorLoader } from '../../shared/memories/memory-row';

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

const VECTOR_BY_SEQ = 'SELECT vector FROM embeddings WHERE memory_seq = ?';

/** A VectorLoader on this connection. */
export function storedVectorLoader(sql: { tuple<Row extends unknown[]>(sql: string, ...params: SqlParam[]): Row | undefined }): VectorLoader {
  return (seq) => {
    try {
      const row = sql.tuple<[Buffer]>(VECTOR_BY_SEQ, seq);
      return row ? fromFloat32Blob(row[0]) : undefined;
    } catch {
      // The adapter was closed since the read: a property getter should not throw for that.
      return undefined;
    }
  };
}


export { type MemoryRow, SEQ, toMemory, type VectorLoader } from '../../shared/memories/memory-row';
