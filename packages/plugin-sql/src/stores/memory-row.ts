import type { Content, Memory, MemoryMetadata, UUID } from '@kith/core';
import { fromFloat32Blob } from '../vectors/float32-blob';
import { parseJson } from './store-context';

/**
 * A MEMORY_SELECT row read in raw (array) mode, in column order: no object
 * per row, which made the recent-messages read of every turn markedly cheaper.
 */
export type MemoryRow = [
  seq: number,
  id: string,
  agentId: string,
  type: string,
  entityId: string,
  roomId: string,
  worldId: string | null,
  content: string,
  metadata: string,
  isUnique: number,
  createdAt: number,
  vector: Buffer | null,
];

/** Where `seq` sits in a MemoryRow. */
export const SEQ = 0;

/** Columns and join every memory read uses (the vector comes along). */
export const MEMORY_SELECT = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, e.vector
  FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq`;

/** MEMORY_SELECT without the vector, for callers that hold it already. */
export const MEMORY_SELECT_WITHOUT_VECTOR = `SELECT m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content,
  m.metadata, m.is_unique, m.created_at, NULL AS vector FROM memories m`;

export function toMemory(row: MemoryRow, vector?: Float32Array): Memory {
  const [, id, agentId, , entityId, roomId, worldId, content, metadata, isUnique, createdAt, blob] = row;
  const memory: Memory = {
    id: id as UUID,
    entityId: entityId as UUID,
    agentId: agentId as UUID,
    roomId: roomId as UUID,
    content: parseJson<Content>(content, {}),
    metadata: parseJson<MemoryMetadata>(metadata, {}),
    createdAt,
    unique: isUnique === 1,
  };
  if (worldId !== null) memory.worldId = worldId as UUID;
  if (vector) memory.embedding = Array.from(vector);
  else if (blob !== null) defineLazyEmbedding(memory, blob);
  return memory;
}

/**
 * `memory.embedding`, turned from the stored blob into numbers on first read.
 * Most readers (the recent-messages provider of every turn) never look at it,
 * and building hundreds of number arrays per read cost more than the query.
 * It behaves as a plain property: enumerable, spread, serialised, assignable.
 */
function defineLazyEmbedding(memory: Memory, blob: Buffer): void {
  const settle = (value: number[] | undefined): void => {
    Object.defineProperty(memory, 'embedding', { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(memory, 'embedding', {
    enumerable: true,
    configurable: true,
    get(): number[] {
      const value = Array.from(fromFloat32Blob(blob));
      settle(value);
      return value;
    },
    set: settle,
  });
}
