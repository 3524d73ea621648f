import { randomUUID } from 'node:crypto';
import type { Memory, MemoryMetadata, UUID } from '@kith/core';
import { toFloat32Blob } from '../../shared/vectors/float32-blob';
import { vectorColumn } from '../vectors/pgvector-columns';
import { toVectorLiteral } from '../vectors/vector-literal';
import type { MemoryWrite } from '../connection/write-queue';
import { newMemoryRow } from '../../shared/memories/memory-row';
import type { PgMemoryRow } from './memory-row';
import type { PgAgentDimension } from './agent-dimension';
import { DUPLICATE_SIMILARITY } from '../../shared/memories/duplicate-similarity';
import type { PgStoreContext } from './store-context';

export function vectorOf(embedding: number[] | undefined): Float32Array | null {
  return Array.isArray(embedding) && embedding.length > 0 ? Float32Array.from(embedding) : null;
}

/** Whether a memory of the agent, table and room is at least DUPLICATE_SIMILARITY-similar to `vector`. */
export async function hasNearDuplicate(
  ctx: PgStoreContext,
  agentId: string,
  tableName: string,
  roomId: string,
  vector: Float32Array,
): Promise<boolean> {
  const { conn } = ctx;
  if (conn.vectors) {
    const [nearest] = await conn.vectors.search({
      agentId,
      type: tableName,
      vector,
      k: 1,
      roomId,
      minSimilarity: DUPLICATE_SIMILARITY,
    });
    return nearest !== undefined;
  }
  const column = vectorColumn(vector.length);
  const { rows } = await conn.driver.query({
    text: `SELECT 1 FROM memories WHERE agent_id = $1 AND type = $2 AND room_id = $3 AND ${column} IS NOT NULL
      AND ${column} <=> $4::vector <= $5 LIMIT 1`,
    values: [agentId, tableName, roomId, toVectorLiteral(vector), 1 - DUPLICATE_SIMILARITY],
  });
  return rows.length > 0;
}

/** A memory's row as it is inserted and as the caches hold it (seq 0 until committed). */
export function memoryRowOf(
  memory: Memory & { id: UUID },
  agentId: string,
  tableName: string,
  isUnique: boolean,
  vector: Float32Array | null,
): PgMemoryRow {
  const row = newMemoryRow(memory, agentId, tableName, isUnique, vector ? vector.length : null);
  return [...row, vector ? toFloat32Blob(vector) : null];
}

/**
 * Stores a memory under `tableName` (its type); idempotent on id. `unique`
 * (the argument, else memory.unique) wins; when neither is given and the
 * memory has a vector, it is unique unless a memory of the same agent, table
 * and room is at least 0.95 cosine-similar. The row joins the write queue:
 * concurrent calls share one statement; the promise settles once committed.
 */
export function createMemory(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  memory: Memory,
  tableName: string,
  unique?: boolean,
): Promise<UUID> {
  const vector = vectorOf(memory.embedding);
  const id = memory.id ?? randomUUID();
  const agentId = memory.agentId ?? ctx.agentId;
  const write = (isUnique: boolean): MemoryWrite => ({
    kind: 'memory',
    row: memoryRowOf({ ...memory, id }, agentId, tableName, isUnique, vector),
    vectorLiteral: vector && ctx.conn.vectorMode === 'pgvector' ? toVectorLiteral(vector) : null,
  });
  const given = unique ?? memory.unique;
  // Without a vector nothing needs reading first: the write joins the queue at once (the common case).
  if (!vector) return ctx.conn.writes.submit<UUID>(write(given ?? true));
  return ctx.conn.writes.submitPrepared<UUID>(async () => {
    await dims.checkWrite(vector.length);
    return write(given ?? !(await hasNearDuplicate(ctx, agentId, tableName, memory.roomId, vector)));
  });
}

interface UpdatedRow {
  seq: number;
  room_id: string;
  agent_id: string;
  type: string;
  world_id: string | null;
  entity_id: string;
  is_unique: boolean;
}

/** Replaces content, metadata and/or the vector of a memory. False when it does not exist. */
export async function updateMemory(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata },
): Promise<boolean> {
  const { conn } = ctx;
  const vector = vectorOf(memory.embedding);
  if (vector) await dims.checkWrite(vector.length);
  const blob = vector ? toFloat32Blob(vector) : null;
  const vectorLiteral = vector && conn.vectorMode === 'pgvector' ? toVectorLiteral(vector) : null;
  // A vector alone is index upkeep (the embedding service's writes): it rides along with a batch.
  if (vector && blob && memory.content === undefined && memory.metadata === undefined) {
    return conn.writes.submit<boolean>(
      { kind: 'vector', id: memory.id, dimension: vector.length, blob, vectorLiteral },
      true,
    );
  }
  await conn.writes.settled();
  const sets: string[] = [];
  const values: unknown[] = [memory.id];
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value);
    sets.push(`${column} = $${values.length}${cast}`);
  };
  if (memory.content !== undefined) set('content', JSON.stringify(memory.content), '::jsonb');
  if (memory.metadata !== undefined) set('metadata', JSON.stringify(memory.metadata), '::jsonb');
  if (vector && blob) {
    set('dimension', vector.length);
    set('embedding', blob);
    if (vectorLiteral) set(vectorColumn(vector.length), vectorLiteral, '::vector');
  }
  if (sets.length === 0) {
    const { rows } = await conn.driver.query({ text: 'SELECT 1 FROM memories WHERE id = $1', values });
    return rows.length > 0;
  }
  const { rows } = await conn.driver.query<UpdatedRow>({
    text: `UPDATE memories SET ${sets.join(', ')} WHERE id = $1 RETURNING seq, room_id, agent_id, type, world_id, entity_id, is_unique`,
    values,
  });
  const row = rows[0];
  if (!row) return false;
  conn.recent.forgetRoom(row.room_id);
  if (vector && conn.vectors) {
    conn.vectors.add({
      seq: Number(row.seq),
      agentId: row.agent_id,
      type: row.type,
      roomId: row.room_id,
      worldId: row.world_id,
      entityId: row.entity_id,
      unique: row.is_unique,
      vector,
    });
  }
  return true;
}

/**
 * Deletes the memories matched by `where` (SQL over the memories table, its
 * parameters from $1) and forgets them in the caches. Returns how many.
 */
export async function deleteMemoriesWhere(ctx: PgStoreContext, where: string, values: unknown[]): Promise<number> {
  const { conn } = ctx;
  await conn.writes.settled();
  const { rows } = await conn.driver.query<{ seq: number; room_id: string }>({
    text: `DELETE FROM memories WHERE ${where} RETURNING seq, room_id`,
    values,
  });
  forgetDeleted(ctx, rows);
  return rows.length;
}

/** Drops deleted memories from the caches. */
export function forgetDeleted(ctx: PgStoreContext, rows: readonly { seq: number; room_id: string }[]): void {
  if (rows.length === 0) return;
  for (const roomId of new Set(rows.map((row) => row.room_id))) ctx.conn.recent.forgetRoom(roomId);
  ctx.conn.vectors?.remove(rows.map((row) => Number(row.seq)));
}

export async function deleteMemoriesByIds(ctx: PgStoreContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await deleteMemoriesWhere(ctx, 'id = ANY($1::text[])', [ids]);
}

/** Deletes this agent's memories of one table in a room. */
export async function deleteAllMemories(ctx: PgStoreContext, roomId: UUID, tableName: string): Promise<void> {
  await deleteMemoriesWhere(ctx, 'room_id = $1 AND agent_id = $2 AND type = $3', [roomId, ctx.agentId, tableName]);
}
