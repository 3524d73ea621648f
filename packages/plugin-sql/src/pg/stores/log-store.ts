import type { Log, UUID } from '@kith/core';
import type { LogParams } from '../../shared/adapter/dialect-stores';
import { logValues } from '../../shared/logs/log-values';
import { type LogRecord, toLog } from '../../shared/rows/row-mappers';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const LOG_SELECT = selectAs('id, entity_id, room_id, body, type, created_at');

/**
 * Queues a log record, its body compacted unless `keepWhole`
 * (LOG_PROMPTS_TO_DB=true). It rides along with the next write batch (at
 * most 25 ms later): a record describes work already done.
 */
export function log(ctx: PgStoreContext, params: LogParams, keepWhole: boolean): Promise<void> {
  return ctx.conn.writes.submit<void>(
    {
      kind: 'log',
      values: [...logValues(ctx.agentId, params, keepWhole)],
    },
    true,
  );
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
  const { rows } = await ctx.conn.driver.query<LogRecord>({
    text: `SELECT ${LOG_SELECT} FROM logs WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, seq DESC LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  });
  return rows.map(toLog);
}

export async function deleteLog(ctx: PgStoreContext, logId: UUID): Promise<void> {
  await ctx.conn.writes.settled(true);
  await ctx.conn.driver.query({ text: 'DELETE FROM logs WHERE id = $1', values: [logId] });
}
