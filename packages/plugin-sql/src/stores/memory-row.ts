import type { Content, Memory, MemoryMetadata, UUID } from '@kith/core';
import { fromFloat32Blob } from '../vectors/float32-blob';
import { parseJson } from './store-context';

export interface MemoryRow {
  seq: number;
  id: string;
  agent_id: string;
  type: string;
  entity_id: string;
  room_id: string;
  world_id: string | null;
  content: string;
  metadata: string;
  is_unique: number;
  created_at: number;
  vector: Buffer | null;
}

/** Columns and join every memory read uses (the vector comes along). */
export const MEMORY_SELECT = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, e.vector
  FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq`;

/** MEMORY_SELECT without the vector, for callers that hold it already. */
export const MEMORY_SELECT_WITHOUT_VECTOR = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, NULL AS vector FROM memories m`;

export function toMemory(row: MemoryRow, vector?: Float32Array): Memory {
  const memory: Memory = {
    id: row.id as UUID,
    entityId: row.entity_id as UUID,
    agentId: row.agent_id as UUID,
    roomId: row.room_id as UUID,
    content: parseJson<Content>(row.content, {}),
    metadata: parseJson<MemoryMetadata>(row.metadata, {}),
    createdAt: row.created_at,
    unique: row.is_unique === 1,
  };
  if (row.world_id !== null) memory.worldId = row.world_id as UUID;
  if (vector) memory.embedding = Array.from(vector);
  else if (row.vector !== null) memory.embedding = Array.from(fromFloat32Blob(row.vector));
  return memory;
}
