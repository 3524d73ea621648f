import type { Log, UUID } from '@kith/core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { LogParams } from '../../shared/adapter/dialect-stores';
import { logValues } from '../../shared/logs/log-values';
import { toLog } from '../../shared/rows/row-mappers';
import { logs } from '../schema';
import type { StoreContext } from './store-context';

const INSERT_LOG =
  'INSERT INTO logs (id, agent_id, entity_id, room_id, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';

/**
 * Stores a log record, its body compacted (see compactLogBody) unless
 * `keepWhole` (LOG_PROMPTS_TO_DB=true). A record describes work already
 * done, so it waits (at most 25 ms) to ride along with a commit instead of
 * paying for one of its own: a run's record, written after its reply, was
 * a third commit per turn. Reading logs commits it first.
 */
export function log(ctx: StoreContext, params: LogParams, keepWhole: boolean): Promise<void> {
  const values = logValues(ctx.agentId, params, keepWhole);
  return ctx.conn.batchDeferred(() => {
    ctx.conn.run(INSERT_LOG, ...values);
  });
}

/** This agent's logs, newest first. */
export function getLogs(
  ctx: StoreContext,
  params: { entityId?: UUID; roomId?: UUID; type?: string; count?: number; offset?: number },
): Log[] {
  const conditions: SQL[] = [eq(logs.agentId, ctx.agentId)];
  if (params.entityId) conditions.push(eq(logs.entityId, params.entityId));
  if (params.roomId) conditions.push(eq(logs.roomId, params.roomId));
  if (params.type) conditions.push(eq(logs.type, params.type));
  const rows = ctx.conn.db
    .select()
    .from(logs)
    .where(and(...conditions))
    // rowid, not id, breaks ties: it is the last column of every index, so no sort is needed.
    .orderBy(desc(logs.createdAt), desc(sql`rowid`))
    .limit(params.count !== undefined && params.count > 0 ? params.count : -1)
    .offset(Math.max(0, params.offset ?? 0))
    .all();
  return rows.map(toLog);
}

export function deleteLog(ctx: StoreContext, logId: UUID): void {
  ctx.conn.db.delete(logs).where(eq(logs.id, logId)).run();
}
