import { randomUUID } from 'node:crypto';
import type { Log, UUID } from '@kith/core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { compactLogBody } from '../logs/compact-log-body';
import { logs } from '../schema';
import type { StoreContext } from './store-context';

/**
 * Stores a log record, its body compacted (see compactLogBody) unless
 * `keepWhole` (LOG_PROMPTS_TO_DB=true). Joins the next group commit.
 */
export function log(
  ctx: StoreContext,
  params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string },
  keepWhole: boolean,
): Promise<void> {
  const row = {
    id: randomUUID(),
    agentId: ctx.agentId,
    entityId: params.entityId,
    roomId: params.roomId ?? null,
    type: params.type,
    body: keepWhole ? params.body : compactLogBody(params.body),
    createdAt: Date.now(),
  };
  return ctx.conn.batch(() => {
    ctx.conn.db.insert(logs).values(row).run();
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
  return rows.map((row) => ({
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    ...(row.roomId === null ? {} : { roomId: row.roomId as UUID }),
    body: row.body,
    type: row.type,
    createdAt: new Date(row.createdAt),
  }));
}

export function deleteLog(ctx: StoreContext, logId: UUID): void {
  ctx.conn.db.delete(logs).where(eq(logs.id, logId)).run();
}
