import { randomUUID } from 'node:crypto';
import type { Entity, UUID } from '@kith/core';
import { eq, sql } from 'drizzle-orm';
import { SqlInvalidArgumentError } from '../../errors';
import { toEntity } from '../../shared/rows/row-mappers';
import { entities, participants } from '../schema';
import { componentsByEntity } from './component-store';
import { inJsonList, placeholders, preparedQuery } from './prepared-query';
import { jsonList, type StoreContext } from './store-context';

type EntityRow = typeof entities.$inferSelect;

function toEntities(ctx: StoreContext, rows: EntityRow[], includeComponents: boolean): Entity[] {
  const byEntity = includeComponents
    ? componentsByEntity(
        ctx,
        rows.map((row) => row.id),
      )
    : undefined;
  return rows.map((row) => toEntity(row, byEntity ? (byEntity.get(row.id) ?? []) : undefined));
}

/** The entities with these ids (with their components); ids not found are skipped. */
export function getEntitiesByIds(ctx: StoreContext, entityIds: UUID[]): Entity[] {
  if (entityIds.length === 0) return [];
  const query = preparedQuery(ctx, 'entitiesByIds', (db) =>
    db.select().from(entities).where(inJsonList(entities.id, 'ids')).prepare(),
  );
  return toEntities(ctx, query.all({ ids: jsonList(entityIds) }), true);
}

export function getEntitiesForRoom(ctx: StoreContext, roomId: UUID, includeComponents = false): Entity[] {
  const query = preparedQuery(ctx, 'entitiesForRoom', (db) =>
    db
      .select({ entity: entities })
      .from(participants)
      .innerJoin(entities, eq(entities.id, participants.entityId))
      .where(eq(participants.roomId, sql.placeholder('roomId')))
      .orderBy(participants.createdAt)
      .prepare(),
  );
  return ctx.conn.graph.read(`roomEntities:${roomId}:${includeComponents}`, () =>
    toEntities(
      ctx,
      query.all({ roomId }).map((row) => row.entity),
      includeComponents,
    ),
  );
}

/** Inserts the entities in one transaction; ids that already exist are left as they are. */
export function createEntities(ctx: StoreContext, list: Entity[]): boolean {
  const now = Date.now();
  const rows = list.map((entity) => ({
    id: entity.id ?? randomUUID(),
    agentId: entity.agentId ?? ctx.agentId,
    names: entity.names ?? [],
    metadata: entity.metadata ?? {},
    createdAt: now,
  }));
  const insert = preparedQuery(ctx, 'insertEntity', (db) =>
    db
      .insert(entities)
      .values(placeholders(['id', 'agentId', 'names', 'metadata', 'createdAt']))
      .onConflictDoNothing()
      .prepare(),
  );
  ctx.conn.write(() => {
    for (const row of rows) insert.run(row);
  });
  return true;
}

export function updateEntity(ctx: StoreContext, entity: Entity): void {
  if (!entity.id) throw new SqlInvalidArgumentError('updateEntity', 'the entity has no id');
  ctx.conn.db
    .update(entities)
    .set({ names: entity.names ?? [], metadata: entity.metadata ?? {} })
    .where(eq(entities.id, entity.id))
    .run();
}
