import { randomUUID } from 'node:crypto';
import type { Metadata, Relationship, UUID } from '@kith/core';
import { type RelationshipRecord, toRelationship } from '../../shared/rows/row-mappers';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const COLUMNS = 'id, source_entity_id, target_entity_id, agent_id, tags, metadata, created_at';
const SELECT = selectAs(COLUMNS);

/** Creates the relationship; false when this agent already has one from source to target. */
export async function createRelationship(
  ctx: PgStoreContext,
  params: { sourceEntityId: UUID; targetEntityId: UUID; tags?: string[]; metadata?: Metadata },
): Promise<boolean> {
  const { rowCount } = await ctx.conn.driver.query({
    text: `INSERT INTO relationships (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    values: [
      randomUUID(),
      params.sourceEntityId,
      params.targetEntityId,
      ctx.agentId,
      JSON.stringify(params.tags ?? []),
      JSON.stringify(params.metadata ?? {}),
      Date.now(),
    ],
  });
  return rowCount > 0;
}

/** Replaces tags and metadata of the relationship with this id. */
export async function updateRelationship(ctx: PgStoreContext, relationship: Relationship): Promise<void> {
  await ctx.conn.driver.query({
    text: 'UPDATE relationships SET tags = $2, metadata = $3 WHERE id = $1',
    values: [relationship.id, JSON.stringify(relationship.tags ?? []), JSON.stringify(relationship.metadata ?? {})],
  });
}

export async function getRelationship(
  ctx: PgStoreContext,
  params: { sourceEntityId: UUID; targetEntityId: UUID },
): Promise<Relationship | null> {
  const { rows } = await ctx.conn.driver.query<RelationshipRecord>({
    text: `SELECT ${SELECT} FROM relationships WHERE source_entity_id = $1 AND target_entity_id = $2 AND agent_id = $3`,
    values: [params.sourceEntityId, params.targetEntityId, ctx.agentId],
  });
  return rows[0] ? toRelationship(rows[0]) : null;
}

/** This agent's relationships with the entity on either side, carrying every given tag. */
export async function getRelationships(
  ctx: PgStoreContext,
  params: { entityId: UUID; tags?: string[] },
): Promise<Relationship[]> {
  const values: unknown[] = [ctx.agentId, params.entityId];
  let tags = '';
  if (params.tags && params.tags.length > 0) {
    values.push(JSON.stringify(params.tags));
    tags = ' AND tags @> $3::jsonb';
  }
  const { rows } = await ctx.conn.driver.query<RelationshipRecord>({
    text: `SELECT ${SELECT} FROM relationships WHERE agent_id = $1 AND (source_entity_id = $2 OR target_entity_id = $2)${tags} ORDER BY created_at, id`,
    values,
  });
  return rows.map(toRelationship);
}
