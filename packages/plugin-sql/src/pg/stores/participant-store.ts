import { randomUUID } from 'node:crypto';
import type { ParticipantUserState, UUID } from '@kith/core';
import type { PgStoreContext } from './store-context';

/** Adds the entities to the room in one statement; ones already in it are left as they are. */
export async function addParticipantsRoom(ctx: PgStoreContext, entityIds: UUID[], roomId: UUID): Promise<boolean> {
  if (entityIds.length === 0) return true;
  await ctx.conn.driver.query({
    text: `INSERT INTO participants (id, entity_id, room_id, agent_id, room_state, created_at)
      SELECT u.id, u.entity_id, $3, $4, NULL, $5 FROM unnest($1::text[], $2::text[]) AS u(id, entity_id)
      ON CONFLICT (entity_id, room_id) DO NOTHING`,
    values: [entityIds.map(() => randomUUID()), entityIds, roomId, ctx.agentId, Date.now()],
  });
  ctx.conn.graph.clear();
  return true;
}

/** False when the entity was not in the room. */
export async function removeParticipant(ctx: PgStoreContext, entityId: UUID, roomId: UUID): Promise<boolean> {
  const { rowCount } = await ctx.conn.driver.query({
    text: 'DELETE FROM participants WHERE entity_id = $1 AND room_id = $2',
    values: [entityId, roomId],
  });
  ctx.conn.graph.clear();
  return rowCount > 0;
}

export async function getParticipantsForEntity(
  ctx: PgStoreContext,
  entityId: UUID,
): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]> {
  const { rows } = await ctx.conn.driver.query<{ id: string; entity_id: string; room_id: string }>({
    text: 'SELECT id, entity_id, room_id FROM participants WHERE entity_id = $1 ORDER BY created_at, id',
    values: [entityId],
  });
  return rows.map((row) => ({ id: row.id as UUID, entityId: row.entity_id as UUID, roomId: row.room_id as UUID }));
}

export async function getParticipantsForRoom(ctx: PgStoreContext, roomId: UUID): Promise<UUID[]> {
  const { rows } = await ctx.conn.driver.query<{ entity_id: string }>({
    text: 'SELECT entity_id FROM participants WHERE room_id = $1 ORDER BY created_at, id',
    values: [roomId],
  });
  return rows.map((row) => row.entity_id as UUID);
}

export async function isRoomParticipant(ctx: PgStoreContext, roomId: UUID, entityId: UUID): Promise<boolean> {
  const { rows } = await ctx.conn.driver.query({
    text: 'SELECT 1 FROM participants WHERE room_id = $1 AND entity_id = $2',
    values: [roomId, entityId],
  });
  return rows.length > 0;
}

/** FOLLOWED, MUTED or null (also null when the entity is not in the room). */
export function getParticipantUserState(
  ctx: PgStoreContext,
  roomId: UUID,
  entityId: UUID,
): Promise<ParticipantUserState> {
  return ctx.conn.graph.read(`roomState:${roomId}:${entityId}`, async () => {
    const { rows } = await ctx.conn.driver.query<{ state: ParticipantUserState }>({
      text: 'SELECT room_state AS state FROM participants WHERE room_id = $1 AND entity_id = $2',
      values: [roomId, entityId],
      name: 'kith_participant_state',
    });
    return rows[0]?.state ?? null;
  });
}

/** Sets the state of an entity already in the room; a no-op otherwise. */
export async function setParticipantUserState(
  ctx: PgStoreContext,
  roomId: UUID,
  entityId: UUID,
  state: ParticipantUserState,
): Promise<void> {
  await ctx.conn.driver.query({
    text: 'UPDATE participants SET room_state = $3 WHERE room_id = $1 AND entity_id = $2',
    values: [roomId, entityId, state],
  });
  ctx.conn.graph.clear();
}
