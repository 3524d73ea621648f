import { randomUUID } from 'node:crypto';
import type { Component, UUID } from '@kith/core';
import { type ComponentRecord, toComponent } from '../../shared/rows/row-mappers';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const COMPONENT_COLUMNS = 'id, entity_id, agent_id, room_id, world_id, source_entity_id, type, data, created_at';
/** The select list of a component as a shared ComponentRecord (also inside an entity's JSON array). */
export const COMPONENT_SELECT = selectAs(COMPONENT_COLUMNS);

function scope(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): { where: string[]; values: unknown[] } {
  const where = ['entity_id = $1'];
  const values: unknown[] = [entityId];
  if (worldId) {
    values.push(worldId);
    where.push(`world_id = $${values.length}`);
  }
  if (sourceEntityId) {
    values.push(sourceEntityId);
    where.push(`source_entity_id = $${values.length}`);
  }
  return { where, values };
}

export async function getComponent(
  ctx: PgStoreContext,
  entityId: UUID,
  type: string,
  worldId?: UUID,
  sourceEntityId?: UUID,
): Promise<Component | null> {
  const { where, values } = scope(entityId, worldId, sourceEntityId);
  values.push(type);
  const { rows } = await ctx.conn.driver.query<ComponentRecord>({
    text: `SELECT ${COMPONENT_SELECT} FROM components WHERE ${where.join(' AND ')} AND type = $${values.length} ORDER BY created_at, id LIMIT 1`,
    values,
  });
  return rows[0] ? toComponent(rows[0]) : null;
}

export async function getComponents(
  ctx: PgStoreContext,
  entityId: UUID,
  worldId?: UUID,
  sourceEntityId?: UUID,
): Promise<Component[]> {
  const { where, values } = scope(entityId, worldId, sourceEntityId);
  const { rows } = await ctx.conn.driver.query<ComponentRecord>({
    text: `SELECT ${COMPONENT_SELECT} FROM components WHERE ${where.join(' AND ')} ORDER BY created_at, id`,
    values,
  });
  return rows.map(toComponent);
}

/** Inserts the component; false when its id exists. */
export async function createComponent(ctx: PgStoreContext, component: Component): Promise<boolean> {
  const { rowCount } = await ctx.conn.driver.query({
    text: `INSERT INTO components (${COMPONENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
    values: [
      component.id ?? randomUUID(),
      component.entityId,
      component.agentId ?? ctx.agentId,
      component.roomId ?? null,
      component.worldId ?? null,
      component.sourceEntityId ?? null,
      component.type,
      JSON.stringify(component.data ?? {}),
      component.createdAt ?? Date.now(),
    ],
  });
  ctx.conn.graph.clear();
  return rowCount > 0;
}

export async function updateComponent(ctx: PgStoreContext, component: Component): Promise<void> {
  await ctx.conn.driver.query({
    text: 'UPDATE components SET type = $2, data = $3, room_id = $4, world_id = $5, source_entity_id = $6 WHERE id = $1',
    values: [
      component.id,
      component.type,
      JSON.stringify(component.data ?? {}),
      component.roomId ?? null,
      component.worldId ?? null,
      component.sourceEntityId ?? null,
    ],
  });
  ctx.conn.graph.clear();
}

export async function deleteComponent(ctx: PgStoreContext, componentId: UUID): Promise<void> {
  await ctx.conn.driver.query({ text: 'DELETE FROM components WHERE id = $1', values: [componentId] });
  ctx.conn.graph.clear();
}
