import { randomUUID } from 'node:crypto';
import type { Component, Entity, Metadata, UUID } from '@kith/core';
import { SqlInvalidArgumentError } from '../../errors';
import type { PgStoreContext } from './store-context';

interface ComponentJson {
  id: string;
  entity_id: string;
  agent_id: string;
  room_id: string | null;
  world_id: string | null;
  source_entity_id: string | null;
  type: string;
  data: Metadata;
  created_at: number | string;
}

interface EntityRow {
  id: string;
  agent_id: string;
  names: string[];
  metadata: Metadata;
  components?: ComponentJson[] | null;
}

export function toComponent(row: ComponentJson): Component {
  return {
    id: row.id as UUID,
    entityId: row.entity_id as UUID,
    agentId: row.agent_id as UUID,
    roomId: row.room_id as UUID,
    worldId: row.world_id as UUID,
    sourceEntityId: row.source_entity_id as UUID,
    type: row.type,
    createdAt: Number(row.created_at),
    data: row.data,
  };
}

function toEntity(row: EntityRow, withComponents: boolean): Entity {
  return {
    id: row.id as UUID,
    names: row.names,
    metadata: row.metadata,
    agentId: row.agent_id as UUID,
    ...(withComponents ? { components: (row.components ?? []).map(toComponent) } : {}),
  };
}

/** An entity's components as one JSON array, oldest first: entities and components in one round trip. */
const COMPONENTS_OF = `coalesce((SELECT json_agg(c ORDER BY c.created_at, c.id) FROM components c WHERE c.entity_id = e.id), '[]'::json) AS components`;

/** The entities with these ids (with their components); ids not found are skipped. */
export async function getEntitiesByIds(ctx: PgStoreContext, entityIds: UUID[]): Promise<Entity[]> {
  if (entityIds.length === 0) return [];
  const { rows } = await ctx.conn.driver.query<EntityRow>({
    text: `SELECT e.id, e.agent_id, e.names, e.metadata, ${COMPONENTS_OF} FROM entities e WHERE e.id = ANY($1::text[])`,
    values: [entityIds],
    name: 'kith_entities_by_ids',
  });
  return rows.map((row) => toEntity(row, true));
}

export function getEntitiesForRoom(ctx: PgStoreContext, roomId: UUID, includeComponents = false): Promise<Entity[]> {
  return ctx.conn.graph.read(`roomEntities:${roomId}:${includeComponents}`, async () => {
    const { rows } = await ctx.conn.driver.query<EntityRow>({
      text: `SELECT e.id, e.agent_id, e.names, e.metadata${includeComponents ? `, ${COMPONENTS_OF}` : ''}
        FROM participants p JOIN entities e ON e.id = p.entity_id WHERE p.room_id = $1 ORDER BY p.created_at, p.id`,
      values: [roomId],
      name: includeComponents ? 'kith_room_entities_components' : 'kith_room_entities',
    });
    return rows.map((row) => toEntity(row, includeComponents));
  });
}

/** Inserts the entities in one statement; ids that already exist are left as they are. */
export async function createEntities(ctx: PgStoreContext, list: Entity[]): Promise<boolean> {
  if (list.length === 0) return true;
  const now = Date.now();
  await ctx.conn.driver.query({
    text: `INSERT INTO entities (id, agent_id, names, metadata, created_at)
      SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[], $5::int8[]) ON CONFLICT (id) DO NOTHING`,
    values: [
      list.map((entity) => entity.id ?? randomUUID()),
      list.map((entity) => entity.agentId ?? ctx.agentId),
      list.map((entity) => JSON.stringify(entity.names ?? [])),
      list.map((entity) => JSON.stringify(entity.metadata ?? {})),
      list.map(() => now),
    ],
  });
  ctx.conn.graph.clear();
  return true;
}

export async function updateEntity(ctx: PgStoreContext, entity: Entity): Promise<void> {
  if (!entity.id) throw new SqlInvalidArgumentError('updateEntity', 'the entity has no id');
  await ctx.conn.driver.query({
    text: 'UPDATE entities SET names = $2, metadata = $3 WHERE id = $1',
    values: [entity.id, JSON.stringify(entity.names ?? []), JSON.stringify(entity.metadata ?? {})],
  });
  ctx.conn.graph.clear();
}

// ---- components ----------------------------------------------------------

const COMPONENT_COLUMNS = 'id, entity_id, agent_id, room_id, world_id, source_entity_id, type, data, created_at';

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
  const { rows } = await ctx.conn.driver.query<ComponentJson>({
    text: `SELECT ${COMPONENT_COLUMNS} FROM components WHERE ${where.join(' AND ')} AND type = $${values.length} ORDER BY created_at, id LIMIT 1`,
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
  const { rows } = await ctx.conn.driver.query<ComponentJson>({
    text: `SELECT ${COMPONENT_COLUMNS} FROM components WHERE ${where.join(' AND ')} ORDER BY created_at, id`,
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
