import { randomUUID } from 'node:crypto';
import type { Memory, MemoryMetadata, UUID } from '@kith/core';
import type { SqliteConnection } from '../connection/sqlite-connection';
import { toFloat32Blob } from '../../shared/vectors/float32-blob';
import type { AgentDimension } from './agent-dimension';
import { newMemoryRow } from '../../shared/memories/memory-row';
import { SEQ } from './memory-row';
import { recentMemoriesIn } from './recent-memories';
import { DUPLICATE_SIMILARITY } from '../../shared/memories/duplicate-similarity';
import { jsonList, type StoreContext } from './store-context';

const INSERT_MEMORY = `INSERT INTO memories
  (id, agent_id, type, entity_id, room_id, world_id, content, metadata, is_unique, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`;
const INSERT_EMBEDDING = 'INSERT INTO embeddings (memory_seq, dimension, vector) VALUES (?, ?, ?)';
const UPSERT_EMBEDDING = `INSERT INTO embeddings (memory_seq, dimension, vector) VALUES (?, ?, ?)
  ON CONFLICT(memory_seq) DO UPDATE SET dimension = excluded.dimension, vector = excluded.vector`;

function vectorOf(embedding: number[] | undefined): Float32Array | null {
  return Array.isArray(embedding) && embedding.length > 0 ? Float32Array.from(embedding) : null;
}

/**
 * Stores a memory under `tableName` (its type). Idempotent on id. `unique`
 * (the argument, else memory.unique) wins; when neither is given and the
 * memory has a vector, it is unique unless a memory of the same agent, table
 * and room is at least 0.95 cosine-similar. Concurrent calls share one
 * transaction (group commit); the promise settles once the memory is
 * committed.
 */
export function createMemory(
  ctx: StoreContext,
  dims: AgentDimension,
  memory: Memory,
  tableName: string,
  unique?: boolean,
): Promise<UUID> {
  const vector = vectorOf(memory.embedding);
  if (vector) dims.checkWrite(vector.length);
  // The memory as it is now, with its id: a copy and an assignment rather than `{ ...memory, id }`,
  // which costs V8 ~0.7 µs (no cached map transition for a property added after a spread).
  const stored = Object.assign({}, memory) as Memory & { id: UUID };
  stored.id = memory.id ?? randomUUID();
  return ctx.conn.batch(() => insertMemory(ctx, stored, tableName, unique, vector) ?? stored.id);
}

/**
 * Inserts one memory inside the caller's transaction (a batch job); returns
 * false when its id was stored already (nothing is written then).
 */
export function insertMemoryInTransaction(
  ctx: StoreContext,
  memory: Memory & { id: UUID },
  tableName: string,
): boolean {
  const vector = vectorOf(memory.embedding);
  return insertMemory(ctx, memory, tableName, undefined, vector) !== null;
}

/** Returns the id, or null when it was stored already. */
function insertMemory(
  ctx: StoreContext,
  memory: Memory & { id: UUID },
  tableName: string,
  unique: boolean | undefined,
  vector: Float32Array | null,
): UUID | null {
  const { conn } = ctx;
  const { id } = memory;
  const agentId = memory.agentId ?? ctx.agentId;
  conn.vectors.sync();
  let isUnique = unique ?? memory.unique;
  if (isUnique === undefined) {
    isUnique = true;
    if (vector && !conn.get('SELECT 1 FROM memories WHERE id = ?', id)) {
      const [nearest] = conn.vectors.search({
        agentId,
        type: tableName,
        vector,
        k: 1,
        roomId: memory.roomId,
        minSimilarity: DUPLICATE_SIMILARITY,
      });
      isUnique = nearest === undefined;
    }
  }
  const row = newMemoryRow(memory, agentId, tableName, isUnique, null);
  const result = conn.run(INSERT_MEMORY, ...row.slice(1, 11));
  if (result.changes === 0) return null;
  const seq = Number(result.lastInsertRowid);
  row[SEQ] = seq;
  const recent = recentMemoriesIn(conn);
  recent?.noteInsert(row);
  conn.fts.noteInsert();
  if (!vector) return id;
  conn.run(INSERT_EMBEDDING, seq, vector.length, toFloat32Blob(vector));
  recent?.noteDimension(memory.roomId, seq, vector.length);
  conn.vectors.add({
    seq,
    agentId,
    type: tableName,
    roomId: memory.roomId,
    worldId: memory.worldId ?? null,
    entityId: memory.entityId,
    unique: isUnique,
    vector,
  });
  return id;
}

interface StoredMemory {
  seq: number;
  agent_id: string;
  type: string;
  entity_id: string;
  room_id: string;
  world_id: string | null;
  is_unique: number;
  dimension: number | null;
}

/** Replaces content, metadata and/or the vector of a memory. False when it does not exist. */
export function updateMemory(
  ctx: StoreContext,
  dims: AgentDimension,
  memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata },
): boolean | Promise<boolean> {
  const { conn } = ctx;
  const vector = vectorOf(memory.embedding);
  if (vector) dims.checkWrite(vector.length);
  // A vector alone is index upkeep (the embedding service's writes): it waits to ride along with a
  // commit rather than paying for its own; the promise still settles only once it is durable.
  if (vector && memory.content === undefined && memory.metadata === undefined) {
    return conn.batchDeferred(() => applyUpdate(conn, memory, vector));
  }
  return conn.write(() => applyUpdate(conn, memory, vector));
}

function applyUpdate(
  conn: SqliteConnection,
  memory: Partial<Memory> & { id: UUID },
  vector: Float32Array | null,
): boolean {
  const row = conn.get<StoredMemory>(
    `SELECT m.seq, m.agent_id, m.type, m.entity_id, m.room_id, m.world_id, m.is_unique, e.dimension
     FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq WHERE m.id = ?`,
    memory.id,
  );
  if (!row) return false;
  if (memory.content !== undefined) {
    conn.run('UPDATE memories SET content = ? WHERE seq = ?', JSON.stringify(memory.content), row.seq);
  }
  if (memory.metadata !== undefined) {
    conn.run('UPDATE memories SET metadata = ? WHERE seq = ?', JSON.stringify(memory.metadata), row.seq);
  }
  if (vector) {
    conn.vectors.sync();
    conn.run(UPSERT_EMBEDDING, row.seq, vector.length, toFloat32Blob(vector));
    recentMemoriesIn(conn)?.noteDimension(row.room_id, row.seq, vector.length);
    if (row.dimension !== null && row.dimension !== vector.length) {
      conn.vectors.remove([{ seq: row.seq, agentId: row.agent_id, type: row.type, dimension: row.dimension }]);
    }
    conn.vectors.add({
      seq: row.seq,
      agentId: row.agent_id,
      type: row.type,
      roomId: row.room_id,
      worldId: row.world_id,
      entityId: row.entity_id,
      unique: row.is_unique === 1,
      vector,
    });
  }
  return true;
}

/**
 * Deletes the memories matched by `where` (SQL over alias `m`), and (by
 * cascade and trigger) their embeddings and full-text rows. Returns how many
 * were deleted.
 */
export function deleteMemoriesWhere(ctx: StoreContext, where: string, ...params: string[]): number {
  const { conn } = ctx;
  return conn.write(() => {
    conn.vectors.sync();
    const rows = conn.all<{ seq: number; agent_id: string; type: string; dimension: number | null }>(
      `SELECT m.seq, m.agent_id, m.type, e.dimension FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq WHERE ${where}`,
      ...params,
    );
    if (rows.length === 0) return 0;
    conn.run(
      'DELETE FROM memories WHERE seq IN (SELECT value FROM json_each(?))',
      JSON.stringify(rows.map((row) => row.seq)),
    );
    conn.vectors.remove(
      rows.flatMap((row) =>
        row.dimension === null
          ? []
          : [{ seq: row.seq, agentId: row.agent_id, type: row.type, dimension: row.dimension }],
      ),
    );
    return rows.length;
  });
}

export function deleteMemoriesByIds(ctx: StoreContext, ids: readonly string[]): void {
  if (ids.length === 0) return;
  deleteMemoriesWhere(ctx, 'm.id IN (SELECT value FROM json_each(?))', jsonList(ids));
}

/** Deletes this agent's memories of one table in a room. */
export function deleteAllMemories(ctx: StoreContext, roomId: UUID, tableName: string): void {
  deleteMemoriesWhere(ctx, 'm.room_id = ? AND m.agent_id = ? AND m.type = ?', roomId, ctx.agentId, tableName);
}
