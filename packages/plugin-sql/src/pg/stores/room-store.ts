import type { Room, UUID } from '@kith/core';
import { type RoomRecord, toRoom } from '../../shared/rows/row-mappers';
import type { PgQueryRunner } from '../connection/pg-driver';
import { forgetDeleted } from './memory-writes';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const ROOM_COLUMNS = 'id, agent_id, name, source, type, channel_id, server_id, message_server_id, world_id, metadata';
const ROOM_SELECT = selectAs(ROOM_COLUMNS);

function roomValues(ctx: PgStoreContext, room: Room): unknown[] {
  return [
    room.id,
    room.agentId ?? ctx.agentId,
    room.name ?? null,
    room.source,
    room.type,
    room.channelId ?? null,
    room.serverId ?? null,
    room.messageServerId ?? null,
    room.worldId ?? null,
    JSON.stringify(room.metadata ?? {}),
  ];
}

export function getRoomsByIds(ctx: PgStoreContext, roomIds: UUID[]): Promise<Room[]> {
  if (roomIds.length === 0) return Promise.resolve([]);
  return ctx.conn.graph.read(`rooms:${roomIds.join(',')}`, async () => {
    const { rows } = await ctx.conn.driver.query<RoomRecord>({
      text: `SELECT ${ROOM_SELECT} FROM rooms WHERE id = ANY($1::text[])`,
      values: [roomIds],
      name: 'kith_rooms_by_ids',
    });
    return rows.map(toRoom);
  });
}

/** Inserts the rooms in one statement; existing ids are kept as they are. Returns every id. */
export async function createRooms(ctx: PgStoreContext, list: Room[]): Promise<UUID[]> {
  if (list.length === 0) return [];
  const now = Date.now();
  const columns = list.map((room) => roomValues(ctx, room));
  const types = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'jsonb'];
  await ctx.conn.driver.query({
    text: `INSERT INTO rooms (${ROOM_COLUMNS}, created_at)
      SELECT *, $11::int8 FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
    values: [...types.map((_, i) => columns.map((values) => values[i])), now],
  });
  ctx.conn.graph.clear();
  return list.map((room) => room.id);
}

export async function updateRoom(ctx: PgStoreContext, room: Room): Promise<void> {
  await ctx.conn.driver.query({
    text: `UPDATE rooms SET agent_id = $2, name = $3, source = $4, type = $5, channel_id = $6, server_id = $7,
      message_server_id = $8, world_id = $9, metadata = $10 WHERE id = $1`,
    values: roomValues(ctx, room),
  });
  ctx.conn.graph.clear();
}

/** Deletes the rooms' memories, participants and rows in `tx`; returns the deleted memories. */
export async function deleteRoomRows(
  tx: PgQueryRunner,
  roomIds: string[],
): Promise<{ seq: number; room_id: string }[]> {
  const { rows } = await tx.query<{ seq: number; room_id: string }>({
    text: 'DELETE FROM memories WHERE room_id = ANY($1::text[]) RETURNING seq, room_id',
    values: [roomIds],
  });
  await tx.query({ text: 'DELETE FROM participants WHERE room_id = ANY($1::text[])', values: [roomIds] });
  await tx.query({ text: 'DELETE FROM rooms WHERE id = ANY($1::text[])', values: [roomIds] });
  return rows;
}

/** Deletes a room with its memories and participants. */
export async function deleteRoom(ctx: PgStoreContext, roomId: UUID): Promise<void> {
  await ctx.conn.writes.settled();
  const deleted = await ctx.conn.driver.transaction((tx) => deleteRoomRows(tx, [roomId]));
  ctx.conn.graph.clear();
  forgetDeleted(ctx, deleted);
  ctx.conn.recent.forgetRoom(roomId);
}

export async function getRoomsByWorld(ctx: PgStoreContext, worldId: UUID): Promise<Room[]> {
  const { rows } = await ctx.conn.driver.query<RoomRecord>({
    text: `SELECT ${ROOM_SELECT} FROM rooms WHERE world_id = $1 ORDER BY created_at, id`,
    values: [worldId],
  });
  return rows.map(toRoom);
}

/** Ids of the rooms any of these entities takes part in. */
export async function getRoomsForParticipants(ctx: PgStoreContext, entityIds: UUID[]): Promise<UUID[]> {
  if (entityIds.length === 0) return [];
  const { rows } = await ctx.conn.driver.query<{ room_id: string }>({
    text: 'SELECT DISTINCT room_id FROM participants WHERE entity_id = ANY($1::text[])',
    values: [entityIds],
  });
  return rows.map((row) => row.room_id as UUID);
}
