import { randomUUID } from 'node:crypto';
import type { Metadata, Relationship, UUID } from '@kith/core';
import { and, eq, or, sql } from 'drizzle-orm';
import { toRelationship } from '../../shared/rows/row-mappers';
import { relationships } from '../schema';
import type { StoreContext } from './store-context';

/** Creates the relationship; false when this agent already has one from source to target. */
export function createRelationship(
  ctx: StoreContext,
  params: { sourceEntityId: UUID; targetEntityId: UUID; tags?: string[]; metadata?: Metadata },
): boolean {
  const result = ctx.conn.db
    .insert(relationships)
    .values({
      id: randomUUID(),
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: ctx.agentId,
      tags: params.tags ?? [],
      metadata: params.metadata ?? {},
      createdAt: Date.now(),
    })
    .onConflictDoNothing()
    .run();
  return result.changes > 0;
}

/** Replaces tags and metadata of the relationship with this id. */
export function updateRelationship(ctx: StoreContext, relationship: Relationship): void {
  ctx.conn.db
    .update(relationships)
    .set({ tags: relationship.tags ?? [], metadata: relationship.metadata ?? {} })
    .where(eq(relationships.id, relationship.id))
    .run();
}

export function getRelationship(
  ctx: StoreContext,
  params: { sourceEntityId: UUID; targetEntityId: UUID },
): Relationship | null {
  const row = ctx.conn.db
    .select()
    .from(relationships)
    .where(
      and(
        eq(relationships.sourceEntityId, params.sourceEntityId),
        eq(relationships.targetEntityId, params.targetEntityId),
        eq(relationships.agentId, ctx.agentId),
      ),
    )
    .get();
  return row ? toRelationship(row) : null;
}

/** This agent's relationships with the entity on either side, carrying every given tag. */
export function getRelationships(ctx: StoreContext, params: { entityId: UUID; tags?: string[] }): Relationship[] {
  const conditions = [
    eq(relationships.agentId, ctx.agentId),
    or(eq(relationships.sourceEntityId, params.entityId), eq(relationships.targetEntityId, params.entityId)),
  ];
  if (params.tags && params.tags.length > 0) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(params.tags)}) AS wanted
        WHERE wanted.value NOT IN (SELECT value FROM json_each(${relationships.tags})))`,
    );
  }
  return ctx.conn.db
    .select()
    .from(relationships)
    .where(and(...conditions))
    .orderBy(relationships.createdAt)
    .all()
    .map(toRelationship);
}
