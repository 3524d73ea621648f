import { randomUUID } from 'node:crypto';
import type { Task, UUID } from '@kith/core';
import { type TaskRecord, toTask } from '../../shared/rows/row-mappers';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const COLUMNS = 'id, name, description, room_id, world_id, entity_id, tags, metadata, updated_at';
const SELECT = selectAs(COLUMNS);

export async function createTask(ctx: PgStoreContext, task: Task): Promise<UUID> {
  const id = task.id ?? randomUUID();
  const now = Date.now();
  await ctx.conn.driver.query({
    text: `INSERT INTO tasks (id, agent_id, name, description, room_id, world_id, entity_id, tags, metadata, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    values: [
      id,
      ctx.agentId,
      task.name,
      task.description ?? '',
      task.roomId ?? null,
      task.worldId ?? null,
      task.entityId ?? null,
      JSON.stringify(task.tags ?? []),
      JSON.stringify(task.metadata ?? {}),
      now,
      task.updatedAt ?? now,
    ],
  });
  return id;
}

/** This agent's tasks matching the filters; `tags` must all be present. */
export async function getTasks(
  ctx: PgStoreContext,
  params: { roomId?: UUID; tags?: string[]; entityId?: UUID },
): Promise<Task[]> {
  const where = ['agent_id = $1'];
  const values: unknown[] = [ctx.agentId];
  if (params.roomId) {
    values.push(params.roomId);
    where.push(`room_id = $${values.length}`);
  }
  if (params.entityId) {
    values.push(params.entityId);
    where.push(`entity_id = $${values.length}`);
  }
  if (params.tags && params.tags.length > 0) {
    values.push(JSON.stringify(params.tags));
    where.push(`tags @> $${values.length}::jsonb`);
  }
  const { rows } = await ctx.conn.driver.query<TaskRecord>({
    text: `SELECT ${SELECT} FROM tasks WHERE ${where.join(' AND ')} ORDER BY created_at, id`,
    values,
  });
  return rows.map(toTask);
}

export async function getTask(ctx: PgStoreContext, id: UUID): Promise<Task | null> {
  const { rows } = await ctx.conn.driver.query<TaskRecord>({
    text: `SELECT ${SELECT} FROM tasks WHERE id = $1`,
    values: [id],
  });
  return rows[0] ? toTask(rows[0]) : null;
}

export async function getTasksByName(ctx: PgStoreContext, name: string): Promise<Task[]> {
  const { rows } = await ctx.conn.driver.query<TaskRecord>({
    text: `SELECT ${SELECT} FROM tasks WHERE agent_id = $1 AND name = $2 ORDER BY created_at, id`,
    values: [ctx.agentId, name],
  });
  return rows.map(toTask);
}

/** Sets the given fields (metadata is replaced, not merged); updatedAt becomes now unless given. */
export async function updateTask(ctx: PgStoreContext, id: UUID, patch: Partial<Task>): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  set('updated_at', patch.updatedAt ?? Date.now());
  if (patch.name !== undefined) set('name', patch.name);
  if (patch.description !== undefined) set('description', patch.description);
  if (patch.roomId !== undefined) set('room_id', patch.roomId);
  if (patch.worldId !== undefined) set('world_id', patch.worldId);
  if (patch.entityId !== undefined) set('entity_id', patch.entityId);
  if (patch.tags !== undefined) set('tags', JSON.stringify(patch.tags));
  if (patch.metadata !== undefined) set('metadata', JSON.stringify(patch.metadata));
  await ctx.conn.driver.query({ text: `UPDATE tasks SET ${sets.join(', ')} WHERE id = $1`, values });
}

export async function deleteTask(ctx: PgStoreContext, id: UUID): Promise<void> {
  await ctx.conn.driver.query({ text: 'DELETE FROM tasks WHERE id = $1', values: [id] });
}
