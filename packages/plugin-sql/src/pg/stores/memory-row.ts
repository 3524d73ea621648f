import type { Memory } from '@kith/core';
import { type MemoryRow, toMemory } from '../../shared/memories/memory-row';
import { fromFloat32Blob } from '../../shared/vectors/float32-blob';

/**
 * A memory row as PostgreSQL returns it in array mode: MemoryRow's columns
 * (content and metadata as JSON text, is_unique as 0/1) and then the stored
 * vector's bytes. The vector comes with the row: a server cannot be asked
 * for it synchronously when `memory.embedding` is first read.
 */
export type PgMemoryRow = [...MemoryRow, embedding: Uint8Array | null];

export const EMBEDDING = 12;

/** Columns every memory read selects, in PgMemoryRow order. */
export const MEMORY_COLUMNS = `m.seq, m.id, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.content::text,
  m.metadata::text, m.is_unique::int, m.created_at, m.dimension, m.embedding`;

export const MEMORY_SELECT = `SELECT ${MEMORY_COLUMNS} FROM memories m`;

/** A memory from its row, its embedding decoded on first read. */
export function pgRowToMemory(row: PgMemoryRow): Memory {
  const blob = row[EMBEDDING];
  const base = row.slice(0, EMBEDDING) as MemoryRow;
  if (blob === null) base[11] = null;
  return toMemory(base, () => (blob ? fromFloat32Blob(blob) : undefined));
}

export function pgRowsToMemories(rows: PgMemoryRow[]): Memory[] {
  return rows.map(pgRowToMemory);
}
