import type { Content, Memory, MemoryMetadata, UUID } from '@kith/core';
import { copyJson } from '../copy-json';
import { parseJson } from '../parse-json';

/**
 * A memory row read in array mode, in column order: no object
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
  /** The stored vector's dimension; null when the memory has none. */
  dimension: number | null,
];

/** Where `seq` sits in a MemoryRow. */
export const SEQ = 0;

/** A new memory's row as it is inserted and as the caches hold it (seq 0 until the insert gives one). */
export function newMemoryRow(
  memory: Memory & { id: UUID },
  agentId: string,
  tableName: string,
  isUnique: boolean,
  dimension: number | null,
): MemoryRow {
  return [
    0,
    memory.id,
    agentId,
    tableName,
    memory.entityId,
    memory.roomId,
    memory.worldId ?? null,
    JSON.stringify(memory.content ?? {}),
    JSON.stringify(memory.metadata ?? {}),
    isUnique ? 1 : 0,
    memory.createdAt ?? Date.now(),
    dimension,
  ];
}

/** Reads a memory's stored vector by its seq, when `memory.embedding` is first read. */
export type VectorLoader = (seq: number) => Float32Array | undefined;

/**
 * `memory.embedding` read on first use through one accessor pair shared by
 * every memory of a connection, which finds the vector from the memory's id.
 * A getter written in each memory's literal (VectorLoader) makes V8 give
 * every memory a map of its own, in dictionary mode: ~0.9 µs to make, and
 * every later property read slow (a turn's 30-row conversation: 27 µs
 * against 7 µs with the shared pair). Make one per connection (its
 * functions must be the same for V8 to share the maps).
 */
export class SharedEmbedding {
  readonly descriptor: PropertyDescriptor;

  constructor(load: (id: UUID) => Float32Array | undefined) {
    this.descriptor = {
      enumerable: true,
      configurable: true,
      get(this: Memory): number[] | undefined {
        let stored: Float32Array | undefined;
        try {
          stored = this.id === undefined ? undefined : load(this.id);
        } catch {
          // The adapter was closed since the read: a property getter should not throw for that.
          stored = undefined;
        }
        const value = stored ? Array.from(stored) : undefined;
        settleEmbedding(this, value);
        return value;
      },
      set(this: Memory, value: number[] | undefined) {
        settleEmbedding(this, value);
      },
    };
  }
}

/** A row's content and metadata, parsed once for a row a cache holds (see RowJsonCache). */
export interface ParsedRowJson {
  content: Content;
  metadata: MemoryMetadata;
}

export function parseRowJson(row: MemoryRow): ParsedRowJson {
  return { content: parseJson<Content>(row[7], {}), metadata: parseJson<MemoryMetadata>(row[8], {}) };
}

/**
 * A memory from its row; its embedding is `vector` when given, else loaded on
 * first read. `parsed`: the row's JSON as a cache parsed it before; the memory
 * gets copies of it (cheaper than parsing again), never the cached objects.
 */
export function toMemory(
  row: MemoryRow,
  vector: Float32Array | VectorLoader | SharedEmbedding,
  parsed?: ParsedRowJson,
): Memory {
  const [seq, id, agentId, , entityId, roomId, worldId, contentJson, metadataJson, isUnique, createdAt, dimension] =
    row;
  const content = parsed ? copyJson(parsed.content) : parseJson<Content>(contentJson, {});
  const metadata = parsed ? copyJson(parsed.metadata) : parseJson<MemoryMetadata>(metadataJson, {});
  const unique = isUnique === 1;
  let memory: Memory;
  if (vector instanceof SharedEmbedding) {
    memory = {
      id: id as UUID,
      entityId: entityId as UUID,
      agentId: agentId as UUID,
      roomId: roomId as UUID,
      content,
      metadata,
      createdAt,
      unique,
    };
    if (dimension !== null) Object.defineProperty(memory, 'embedding', vector.descriptor);
  } else if (typeof vector === 'function' && dimension !== null) {
    // `memory.embedding`, read from the file and turned into numbers on first read: most readers
    // (the recent-messages provider of every turn) never look at it. An accessor written in the
    // literal, not added with defineProperty, keeps the object's shape fast and costs nothing to
    // make. It behaves as a plain property: enumerable, spread, serialised, assignable, deletable.
    memory = {
      id: id as UUID,
      entityId: entityId as UUID,
      agentId: agentId as UUID,
      roomId: roomId as UUID,
      content,
      metadata,
      createdAt,
      unique,
      get embedding(): number[] | undefined {
        const stored = vector(seq);
        const value = stored ? Array.from(stored) : undefined;
        settleEmbedding(this, value);
        return value;
      },
      set embedding(value: number[] | undefined) {
        settleEmbedding(this, value);
      },
    };
  } else {
    memory = {
      id: id as UUID,
      entityId: entityId as UUID,
      agentId: agentId as UUID,
      roomId: roomId as UUID,
      content,
      metadata,
      createdAt,
      unique,
    };
    if (typeof vector !== 'function') memory.embedding = Array.from(vector);
  }
  if (worldId !== null) memory.worldId = worldId as UUID;
  return memory;
}

/** Replaces the lazy accessor by a plain data property holding `value`. */
function settleEmbedding(memory: Memory, value: number[] | undefined): void {
  Object.defineProperty(memory, 'embedding', { value, writable: true, enumerable: true, configurable: true });
}
