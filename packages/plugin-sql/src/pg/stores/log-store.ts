import { randomUUID } from 'node:crypto';
import type { Log, UUID } from '@kith/core';
import { compactLogBodyJson } from '../../shared/logs/compact-log-body';
import type { PgStoreContext } from './store-context';

/**
 * Queues a log record, its body compacted unless `keepWhole`
 * (LOG_PROMPTS_TO_DB=true). It rides along with the next write batch (at
 * most 25 ms later): a record describes work already done.
 */
export function log(
  ctx: PgStoreContext,
  params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string },
  keepWhole: boolean,
): Promise<void> {
  return ctx.conn.writes.submit<void>(
    {
      kind: 'log',
      values: [
        randomUUID(),
        ctx.agentId,
        params.entityId,
        params.roomId ?? null,
        params.type,
        keepWhole ? JSON.stringify(params.body) : compactLogBodyJson(params.body),
        Date.now(),
      ],
    },
    true,
  );
}

interface LogRow {
  id: string;
  entity_id: string;
  room_id: string | null;
  body: Record<string, unknown>;
  type: string;
  created_at: number;
}

/** This agent's logs, newest first (queued records are committed first). */
export async function getLogs(
  ctx: PgStoreContext,
  params: { entityId?: UUID; roomId?: UUID; type?: string; count?: number; offset?: number },
): Promise<Log[]> {
  await ctx.conn.writes.settled(true);
  const where = ['agent_id = $1'];
  const values: unknown[] = [ctx.agentId];
  if (params.entityId) {
    values.push(params.entityId);
    where.push(`entity_id = $${values.length}`);
  }
  if (params.roomId) {
    values.push(params.roomId);
    where.push(`room_id = $${values.length}`);
  }
  if (params.type) {
    values.push(params.type);
    where.push(`type = $${values.length}`);
  }
  values.push(params.count !== undefined && params.count > 0 ? params.count : null, Math.max(0, params.offset ?? 0));
  const { rows } = await ctx.conn.driver.query<LogRow>({
    text: `SELECT id, entity_id, room_id, body, type, created_at FROM logs WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, seq DESC LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  });
  return rows.map((row) => ({
    id: row.id as UUID,
    entityId: row.entity_id as UUID,
    ...(row.room_id === null ? {} : { roomId: row.room_id as UUID }),
    body: row.body,
    type: row.type,
    createdAt: new Date(Number(row.created_at)),
  }));
}

export async function deleteLog(ctx: PgStoreContext, logId: UUID): Promise<void> {
  await ctx.conn.writes.settled(true);
  await ctx.conn.driver.query({ text: 'DELETE FROM logs WHERE id = $1', values: [logId] });
}
