import type { GetMemoriesParams, Memory, UUID } from '@kith/core';
import { MEMORY_SELECT, type PgMemoryRow, pgRowsToMemories } from './memory-row';
import { isRecentRead } from '../../shared/memories/recent-read';
import { pageLimit, pageOffset } from '../../shared/memories/page-bounds';
import type { PgStoreContext } from './store-context';

const NEWEST_FIRST = 'ORDER BY m.created_at DESC, m.seq DESC';

async function rows(ctx: PgStoreContext, text: string, values: unknown[], name?: string): Promise<PgMemoryRow[]> {
  return (await ctx.conn.driver.query<PgMemoryRow>({ text, values, name, rowMode: 'array' })).rows;
}

/** A table's memories of this agent (or params.agentId), newest first; a room's newest few from the cache. */
export async function getMemories(ctx: PgStoreContext, params: GetMemoriesParams): Promise<Memory[]> {
  const agentId = params.agentId ?? ctx.agentId;
  if (isRecentRead(params)) {
    const count = Math.floor(params.count as number);
    const roomId = params.roomId as string;
    const found = await ctx.conn.recent.read(agentId, params.tableName, roomId, count, () =>
      rows(
        ctx,
        `${MEMORY_SELECT} WHERE m.room_id = $1 AND m.type = $2 AND m.agent_id = $3 ${NEWEST_FIRST} LIMIT $4`,
        [roomId, params.tableName, agentId, count],
        'kith_recent_memories',
      ),
    );
    return pgRowsToMemories(found);
  }
  const where = ['m.agent_id = $1', 'm.type = $2'];
  const values: unknown[] = [agentId, params.tableName];
  const add = (condition: string, value: unknown) => {
    values.push(value);
    where.push(condition.replace('?', `$${values.length}`));
  };
  if (params.roomId !== undefined) add('m.room_id = ?', params.roomId);
  if (params.worldId !== undefined) add('m.world_id = ?', params.worldId);
  if (params.entityId !== undefined) add('m.entity_id = ?', params.entityId);
  if (params.unique) where.push('m.is_unique');
  if (params.start !== undefined) add('m.created_at >= ?', params.start);
  if (params.end !== undefined) add('m.created_at <= ?', params.end);
  values.push(pageLimit(params.count), pageOffset(params.offset));
  const text = `${MEMORY_SELECT} WHERE ${where.join(' AND ')} ${NEWEST_FIRST} LIMIT $${values.length - 1} OFFSET $${values.length}`;
  return pgRowsToMemories(await rows(ctx, text, values));
}

export async function getMemoryById(ctx: PgStoreContext, id: UUID): Promise<Memory | null> {
  const found = await rows(ctx, `${MEMORY_SELECT} WHERE m.id = $1`, [id], 'kith_memory_by_id');
  return found[0] ? pgRowsToMemories(found)[0] : null;
}

export async function getMemoriesByIds(ctx: PgStoreContext, ids: UUID[], tableName?: string): Promise<Memory[]> {
  if (ids.length === 0) return [];
  const found =
    tableName === undefined
      ? await rows(ctx, `${MEMORY_SELECT} WHERE m.id = ANY($1::text[]) ${NEWEST_FIRST}`, [ids])
      : await rows(ctx, `${MEMORY_SELECT} WHERE m.id = ANY($1::text[]) AND m.type = $2 ${NEWEST_FIRST}`, [
          ids,
          tableName,
        ]);
  return pgRowsToMemories(found);
}

export async function getMemoriesByRoomIds(
  ctx: PgStoreContext,
  params: { tableName: string; roomIds: UUID[]; limit?: number },
): Promise<Memory[]> {
  if (params.roomIds.length === 0) return [];
  const found = await rows(
    ctx,
    `${MEMORY_SELECT} WHERE m.room_id = ANY($1::text[]) AND m.agent_id = $2 AND m.type = $3 ${NEWEST_FIRST} LIMIT $4`,
    [params.roomIds, ctx.agentId, params.tableName, pageLimit(params.limit)],
  );
  return pgRowsToMemories(found);
}

export async function getMemoriesByWorldId(
  ctx: PgStoreContext,
  params: { worldId: UUID; count?: number; tableName?: string },
): Promise<Memory[]> {
  const found =
    params.tableName === undefined
      ? await rows(ctx, `${MEMORY_SELECT} WHERE m.world_id = $1 AND m.agent_id = $2 ${NEWEST_FIRST} LIMIT $3`, [
          params.worldId,
          ctx.agentId,
          pageLimit(params.count),
        ])
      : await rows(
          ctx,
          `${MEMORY_SELECT} WHERE m.world_id = $1 AND m.agent_id = $2 AND m.type = $3 ${NEWEST_FIRST} LIMIT $4`,
          [params.worldId, ctx.agentId, params.tableName, pageLimit(params.count)],
        );
  return pgRowsToMemories(found);
}

/** This agent's memories in a room; all tables unless `tableName`, all rows unless `unique`. */
export async function countMemories(
  ctx: PgStoreContext,
  roomId: UUID,
  unique?: boolean,
  tableName?: string,
): Promise<number> {
  const where = ['room_id = $1', 'agent_id = $2'];
  const values: unknown[] = [roomId, ctx.agentId];
  if (tableName) {
    values.push(tableName);
    where.push(`type = $${values.length}`);
  }
  if (unique) where.push('is_unique');
  const { rows: found } = await ctx.conn.driver.query<{ n: number }>({
    text: `SELECT count(*)::int AS n FROM memories WHERE ${where.join(' AND ')}`,
    values,
  });
  return Number(found[0]?.n ?? 0);
}

/** The inbox store answers replies by the index it declares beside its entries. */
export { getRepliesTo } from './inbox-store';
