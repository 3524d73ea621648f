import { randomUUID } from 'node:crypto';
import type { Component, UUID } from '@kith/core';
import { and, eq, type SQL } from 'drizzle-orm';
import { toComponent } from '../../shared/rows/row-mappers';
import { components } from '../schema';
import { inJsonList, preparedQuery } from './prepared-query';
import { jsonList, type StoreContext } from './store-context';

function scope(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): SQL[] {
  const conditions = [eq(components.entityId, entityId)];
  if (worldId) conditions.push(eq(components.worldId, worldId));
  if (sourceEntityId) conditions.push(eq(components.sourceEntityId, sourceEntityId));
  return conditions;
}

export function getComponent(
  ctx: StoreContext,
  entityId: UUID,
  type: string,
  worldId?: UUID,
  sourceEntityId?: UUID,
): Component | null {
  const row = ctx.conn.db
    .select()
    .from(components)
    .where(and(...scope(entityId, worldId, sourceEntityId), eq(components.type, type)))
    .orderBy(components.createdAt)
    .get();
  return row ? toComponent(row) : null;
}

export function getComponents(ctx: StoreContext, entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Component[] {
  return ctx.conn.db
    .select()
    .from(components)
    .where(and(...scope(entityId, worldId, sourceEntityId)))
    .orderBy(components.createdAt)
    .all()
    .map(toComponent);
}

/** Components of many entities at once, grouped by entity id. */
export function componentsByEntity(ctx: StoreContext, entityIds: string[]): Map<string, Component[]> {
  const grouped = new Map<string, Component[]>();
  if (entityIds.length === 0) return grouped;
  const query = preparedQuery(ctx, 'componentsByEntity', (db) =>
    db.select().from(components).where(inJsonList(components.entityId, 'ids')).orderBy(components.createdAt).prepare(),
  );
  const rows = query.all({ ids: jsonList(entityIds) });
  for (const row of rows) {
    const list = grouped.get(row.entityId) ?? [];
    list.push(toComponent(row));
    grouped.set(row.entityId, list);
  }
  return grouped;
}

/** Inserts the component; false when its id exists. */
export function createComponent(ctx: StoreContext, component: Component): boolean {
  const result = ctx.conn.db
    .insert(components)
    .values({
      id: component.id ?? randomUUID(),
      entityId: component.entityId,
      agentId: component.agentId ?? ctx.agentId,
      roomId: component.roomId ?? null,
      worldId: component.worldId ?? null,
      sourceEntityId: component.sourceEntityId ?? null,
      type: component.type,
      data: component.data ?? {},
      createdAt: component.createdAt ?? Date.now(),
    })
    .onConflictDoNothing()
    .run();
  return result.changes > 0;
}

export function updateComponent(ctx: StoreContext, component: Component): void {
  ctx.conn.db
    .update(components)
    .set({
      type: component.type,
      data: component.data ?? {},
      roomId: component.roomId ?? null,
      worldId: component.worldId ?? null,
      sourceEntityId: component.sourceEntityId ?? null,
    })
    .where(eq(components.id, component.id))
    .run();
}

export function deleteComponent(ctx: StoreContext, componentId: UUID): void {
  ctx.conn.db.delete(components).where(eq(components.id, componentId)).run();
}
