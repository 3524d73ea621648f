import { randomUUID } from 'node:crypto';
import type { Entity, UUID } from '@kith/core';
import { type ComponentRecord, type EntityRecord, toComponent, toEntity } from '../../shared/rows/row-mappers';
import { SqlInvalidArgumentError } from '../../errors';
import { COMPONENT_SELECT } from './component-store';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

/** An entity's components as one JSON array, oldest first: entities and components in one round trip. */
const COMPONENTS_OF = `coalesce((SELECT json_agg(c ORDER BY c."createdAt", c.id) FROM (SELECT ${COMPONENT_SELECT} FROM components WHERE entity_id = e.id) c), '[]'::json) AS components`;
const ENTITY_SELECT = selectAs('id, agent_id, names, metadata', 'e');

interface EntityRow extends EntityRecord {
  components?: ComponentRecord[] | null;
}

function entityOf(row: EntityRow, withComponents: boolean): Entity {
  return toEntity(row, withComponents ? (row.components ?? []).map(toComponent) : undefined);
}

/** The entities with these ids (with their components); ids not found are skipped. */
export async function getEntitiesByIds(ctx: PgStoreContext, entityIds: UUID[]): Promise<Entity[]> {
  if (entityIds.length === 0) return [];
  const { rows } = await ctx.conn.driver.query<EntityRow>({
    text: `SELECT ${ENTITY_SELECT}, ${COMPONENTS_OF} FROM entities e WHERE e.id = ANY($1::text[])`,
    values: [entityIds],
    name: 'kith_entities_by_ids',
  });
  return rows.map((row) => entityOf(row, true));
}

export function getEntitiesForRoom(ctx: PgStoreContext, roomId: UUID, includeComponents = false): Promise<Entity[]> {
  return ctx.conn.graph.read(`roomEntities:${roomId}:${includeComponents}`, async () => {
    const { rows } = await ctx.conn.driver.query<EntityRow>({
      text: `SELECT ${ENTITY_SELECT}${includeComponents ? `, ${COMPONENTS_OF}` : ''}
        FROM participants p JOIN entities e ON e.id = p.entity_id WHERE p.room_id = $1 ORDER BY p.created_at, p.id`,
      values: [roomId],
      name: includeComponents ? 'kith_room_entities_components' : 'kith_room_entities',
    });
    return rows.map((row) => entityOf(row, includeComponents));
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
