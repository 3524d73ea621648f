import { randomUUID } from 'node:crypto';
import type { ParticipantUserState, UUID } from '@kith/core';
import { and, eq, sql } from 'drizzle-orm';
import { participants } from '../schema';
import { placeholders, preparedQuery } from './prepared-query';
import type { StoreContext } from './store-context';

/** Adds the entities to the room; ones already in it are left as they are. */
export function addParticipantsRoom(ctx: StoreContext, entityIds: UUID[], roomId: UUID): boolean {
  if (entityIds.length === 0) return true;
  const now = Date.now();
  const insert = preparedQuery(ctx, 'insertParticipant', (db) =>
    db
      .insert(participants)
      .values({ ...placeholders(['id', 'entityId', 'roomId', 'agentId', 'createdAt']), roomState: null })
      .onConflictDoNothing()
      .prepare(),
  );
  ctx.conn.write(() => {
    for (const entityId of entityIds)
      insert.run({ id: randomUUID(), entityId, roomId, agentId: ctx.agentId, createdAt: now });
  });
  return true;
}

/** False when the entity was not in the room. */
export function removeParticipant(ctx: StoreContext, entityId: UUID, roomId: UUID): boolean {
  const result = ctx.conn.db
    .delete(participants)
    .where(and(eq(participants.entityId, entityId), eq(participants.roomId, roomId)))
    .run();
  return result.changes > 0;
}

export function getParticipantsForEntity(
  ctx: StoreContext,
  entityId: UUID,
): { id: UUID; entityId: UUID; roomId: UUID }[] {
  return ctx.conn.db
    .select({ id: participants.id, entityId: participants.entityId, roomId: participants.roomId })
    .from(participants)
    .where(eq(participants.entityId, entityId))
    .orderBy(participants.createdAt)
    .all()
    .map((row) => ({ id: row.id as UUID, entityId: row.entityId as UUID, roomId: row.roomId as UUID }));
}

export function getParticipantsForRoom(ctx: StoreContext, roomId: UUID): UUID[] {
  return ctx.conn.db
    .select({ entityId: participants.entityId })
    .from(participants)
    .where(eq(participants.roomId, roomId))
    .orderBy(participants.createdAt)
    .all()
    .map((row) => row.entityId as UUID);
}

export function isRoomParticipant(ctx: StoreContext, roomId: UUID, entityId: UUID): boolean {
  const query = preparedQuery(ctx, 'isRoomParticipant', (db) =>
    db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(eq(participants.roomId, sql.placeholder('roomId')), eq(participants.entityId, sql.placeholder('entityId'))),
      )
      .prepare(),
  );
  return query.get({ roomId, entityId }) !== undefined;
}

/** FOLLOWED, MUTED or null (also null when the entity is not in the room). */
export function getParticipantUserState(ctx: StoreContext, roomId: UUID, entityId: UUID): ParticipantUserState {
  const query = preparedQuery(ctx, 'participantUserState', (db) =>
    db
      .select({ state: participants.roomState })
      .from(participants)
      .where(
        and(eq(participants.roomId, sql.placeholder('roomId')), eq(participants.entityId, sql.placeholder('entityId'))),
      )
      .prepare(),
  );
  return ctx.conn.graph.read(`roomState:${roomId}:${entityId}`, () => query.get({ roomId, entityId })?.state ?? null);
}

/** Sets the state of an entity already in the room; a no-op otherwise. */
export function setParticipantUserState(
  ctx: StoreContext,
  roomId: UUID,
  entityId: UUID,
  state: ParticipantUserState,
): void {
  ctx.conn.db
    .update(participants)
    .set({ roomState: state })
    .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId)))
    .run();
}
