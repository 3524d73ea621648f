import type { GetMemoriesParams, Memory, UUID } from '@kith/core';
import type { SqlParam } from '../connection/sql-runner';
import { MEMORY_SELECT, type MemoryRow, storedEmbedding, toMemory } from './memory-row';
import { isRecentRead } from '../../shared/memories/recent-read';
import { pageLimit, pageOffset } from '../../shared/memories/page-bounds';
import { recentMemoriesIn } from './recent-memories';
import { jsonList, type StoreContext } from './store-context';

const NEWEST_FIRST = 'ORDER BY m.created_at DESC, m.seq DESC';

/**
 * The LIMIT clause, its count written into the SQL (-1 = none; SQLite needs a limit before an
 * offset). A bound `LIMIT ?` made SQLite re-plan the statement on every run (its planner weighs
 * the limit's value): 27 µs for a read that finds nothing, against 1.2 µs with a literal. Few
 * distinct counts are asked for, so the statement cache holds a handful of shapes.
 */
function limitClause(count: number | undefined): string {
  return `LIMIT ${pageLimit(count) ?? -1}`;
}

function toMemories(ctx: StoreContext, rows: MemoryRow[]): Memory[] {
  const embedding = storedEmbedding(ctx.conn);
  return rows.map((row) => toMemory(row, embedding));
}

/**
 * A table's memories of this agent (or params.agentId), newest first. The
 * SQL differs only in which filters are present, so each shape is prepared
 * once and reused. A room's newest few (the conversation every turn reads)
 * come from the recent-memories cache when it is open.
 */
export function getMemories(ctx: StoreContext, params: GetMemoriesParams): Memory[] {
  const recent = isRecentRead(params) ? recentMemoriesIn(ctx.conn) : undefined;
  if (recent && params.roomId !== undefined && params.count !== undefined) {
    const rows = recent.read(
      params.agentId ?? ctx.agentId,
      params.tableName,
      params.roomId,
      Math.floor(params.count),
      () => queryMemories(ctx, params),
    );
    const embedding = storedEmbedding(ctx.conn);
    // The cache's rows are read turn after turn: their JSON is parsed once and copied for each memory.
    return rows.map((row) => toMemory(row, embedding, recent.parsedJson(row)));
  }
  return toMemories(ctx, queryMemories(ctx, params));
}

function queryMemories(ctx: StoreContext, params: GetMemoriesParams): MemoryRow[] {
  // With a room, `+` keeps SQLite off the agent index: scanning all of an agent's memories for one
  // room's newest grows with every other room, while the room index reads just the rows returned.
  const where = [params.roomId !== undefined ? '+m.agent_id = ?' : 'm.agent_id = ?', 'm.type = ?'];
  const values: SqlParam[] = [params.agentId ?? ctx.agentId, params.tableName];
  if (params.roomId !== undefined) {
    where.push('m.room_id = ?');
    values.push(params.roomId);
  }
  if (params.worldId !== undefined) {
    where.push('m.world_id = ?');
    values.push(params.worldId);
  }
  if (params.entityId !== undefined) {
    where.push('m.entity_id = ?');
    values.push(params.entityId);
  }
  if (params.unique) where.push('m.is_unique = 1');
  if (params.start !== undefined) {
    where.push('m.created_at >= ?');
    values.push(params.start);
  }
  if (params.end !== undefined) {
    where.push('m.created_at <= ?');
    values.push(params.end);
  }
  return ctx.conn.tuples<MemoryRow>(
    `${MEMORY_SELECT} WHERE ${where.join(' AND ')} ${NEWEST_FIRST} ${limitClause(params.count)} OFFSET ?`,
    ...values,
    pageOffset(params.offset),
  );
}

export function getMemoryById(ctx: StoreContext, id: UUID): Memory | null {
  const row = ctx.conn.tuple<MemoryRow>(`${MEMORY_SELECT} WHERE m.id = ?`, id);
  return row ? toMemory(row, storedEmbedding(ctx.conn)) : null;
}

export function getMemoriesByIds(ctx: StoreContext, ids: UUID[], tableName?: string): Memory[] {
  if (ids.length === 0) return [];
  const inList = 'm.id IN (SELECT value FROM json_each(?))';
  const rows =
    tableName === undefined
      ? ctx.conn.tuples<MemoryRow>(`${MEMORY_SELECT} WHERE ${inList} ${NEWEST_FIRST}`, jsonList(ids))
      : ctx.conn.tuples<MemoryRow>(
          `${MEMORY_SELECT} WHERE ${inList} AND m.type = ? ${NEWEST_FIRST}`,
          jsonList(ids),
          tableName,
        );
  return toMemories(ctx, rows);
}

export function getMemoriesByRoomIds(
  ctx: StoreContext,
  params: { tableName: string; roomIds: UUID[]; limit?: number },
): Memory[] {
  if (params.roomIds.length === 0) return [];
  const rows = ctx.conn.tuples<MemoryRow>(
    `${MEMORY_SELECT} WHERE m.room_id IN (SELECT value FROM json_each(?)) AND m.agent_id = ? AND m.type = ?
     ${NEWEST_FIRST} ${limitClause(params.limit)}`,
    jsonList(params.roomIds),
    ctx.agentId,
    params.tableName,
  );
  return toMemories(ctx, rows);
}

export function getMemoriesByWorldId(
  ctx: StoreContext,
  params: { worldId: UUID; count?: number; tableName?: string },
): Memory[] {
  const limit = limitClause(params.count);
  const rows =
    params.tableName === undefined
      ? ctx.conn.tuples<MemoryRow>(
          `${MEMORY_SELECT} WHERE m.world_id = ? AND m.agent_id = ? ${NEWEST_FIRST} ${limit}`,
          params.worldId,
          ctx.agentId,
        )
      : ctx.conn.tuples<MemoryRow>(
          `${MEMORY_SELECT} WHERE m.world_id = ? AND m.agent_id = ? AND m.type = ? ${NEWEST_FIRST} ${limit}`,
          params.worldId,
          ctx.agentId,
          params.tableName,
        );
  return toMemories(ctx, rows);
}

/** This agent's memories in a room; all tables unless `tableName`, all rows unless `unique`. */
export function countMemories(ctx: StoreContext, roomId: UUID, unique?: boolean, tableName?: string): number {
  const where = ['m.room_id = ?', 'm.agent_id = ?'];
  const values: SqlParam[] = [roomId, ctx.agentId];
  if (tableName) {
    where.push('m.type = ?');
    values.push(tableName);
  }
  if (unique) where.push('m.is_unique = 1');
  return (
    ctx.conn.get<{ n: number }>(`SELECT count(*) AS n FROM memories m WHERE ${where.join(' AND ')}`, ...values)?.n ?? 0
  );
}

/**
 * This agent's memories whose content.inReplyTo is `inReplyTo`, oldest first. The expression must read
 * exactly as the partial index memories_in_reply_to_idx declares it, or SQLite scans the table.
 */
export function getRepliesTo(ctx: StoreContext, inReplyTo: UUID): Memory[] {
  const rows = ctx.conn.tuples<MemoryRow>(
    `${MEMORY_SELECT} WHERE m.content ->> '$.inReplyTo' = ? AND m.agent_id = ? ORDER BY m.created_at, m.seq`,
    inReplyTo,
    ctx.agentId,
  );
  return toMemories(ctx, rows);
}
