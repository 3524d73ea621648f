import { randomUUID } from 'node:crypto';
import type { Task, UUID } from '@kith/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { toTask } from '../../shared/rows/row-mappers';
import { tasks } from '../schema';
import type { StoreContext } from './store-context';

export function createTask(ctx: StoreContext, task: Task): UUID {
  const id = task.id ?? randomUUID();
  const now = Date.now();
  ctx.conn.db
    .insert(tasks)
    .values({
      id,
      agentId: ctx.agentId,
      name: task.name,
      description: task.description ?? '',
      roomId: task.roomId ?? null,
      worldId: task.worldId ?? null,
      entityId: task.entityId ?? null,
      tags: task.tags ?? [],
      metadata: task.metadata ?? {},
      createdAt: now,
      updatedAt: task.updatedAt ?? now,
    })
    .run();
  return id;
}

/** This agent's tasks matching the filters; `tags` must all be present. */
export function getTasks(ctx: StoreContext, params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Task[] {
  const conditions: SQL[] = [eq(tasks.agentId, ctx.agentId)];
  if (params.roomId) conditions.push(eq(tasks.roomId, params.roomId));
  if (params.entityId) conditions.push(eq(tasks.entityId, params.entityId));
  if (params.tags && params.tags.length > 0) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(params.tags)}) AS wanted
        WHERE wanted.value NOT IN (SELECT value FROM json_each(${tasks.tags})))`,
    );
  }
  return ctx.conn.db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(tasks.createdAt)
    .all()
    .map(toTask);
}

export function getTask(ctx: StoreContext, id: UUID): Task | null {
  const row = ctx.conn.db.select().from(tasks).where(eq(tasks.id, id)).get();
  return row ? toTask(row) : null;
}

export function getTasksByName(ctx: StoreContext, name: string): Task[] {
  return ctx.conn.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.agentId, ctx.agentId), eq(tasks.name, name)))
    .orderBy(tasks.createdAt)
    .all()
    .map(toTask);
}

/** Sets the given fields (metadata is replaced, not merged); updatedAt becomes now unless given. */
export function updateTask(ctx: StoreContext, id: UUID, patch: Partial<Task>): void {
  const set: Partial<typeof tasks.$inferInsert> = { updatedAt: patch.updatedAt ?? Date.now() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.roomId !== undefined) set.roomId = patch.roomId;
  if (patch.worldId !== undefined) set.worldId = patch.worldId;
  if (patch.entityId !== undefined) set.entityId = patch.entityId;
  if (patch.tags !== undefined) set.tags = patch.tags;
  if (patch.metadata !== undefined) set.metadata = patch.metadata;
  ctx.conn.db.update(tasks).set(set).where(eq(tasks.id, id)).run();
}

export function deleteTask(ctx: StoreContext, id: UUID): void {
  ctx.conn.db.delete(tasks).where(eq(tasks.id, id)).run();
}
