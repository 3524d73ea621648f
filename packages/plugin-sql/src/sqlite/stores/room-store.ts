import type { Room, UUID } from '@kith/core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toRoom } from '../../shared/rows/row-mappers';
import { participants, rooms } from '../schema';
import { deleteMemoriesWhere } from './memory-writes';
import { inJsonList, placeholders, preparedQuery } from './prepared-query';
import { jsonList, type StoreContext } from './store-context';

type RoomRow = typeof rooms.$inferSelect;
const ROOM_COLUMNS = [
  'id',
  'agentId',
  'name',
  'source',
  'type',
  'channelId',
  'serverId',
  'messageServerId',
  'worldId',
  'metadata',
] as const;

function toValues(ctx: StoreContext, room: Room): Omit<RoomRow, 'createdAt'> {
  return {
    id: room.id,
    agentId: room.agentId ?? ctx.agentId,
    name: room.name ?? null,
    source: room.source,
    type: room.type,
    channelId: room.channelId ?? null,
    serverId: room.serverId ?? null,
    messageServerId: room.messageServerId ?? null,
    worldId: room.worldId ?? null,
    metadata: room.metadata ?? {},
  };
}

export function getRoomsByIds(ctx: StoreContext, roomIds: UUID[]): Room[] {
  if (roomIds.length === 0) return [];
  const query = preparedQuery(ctx, 'roomsByIds', (db) =>
    db.select().from(rooms).where(inJsonList(rooms.id, 'ids')).prepare(),
  );
  const ids = jsonList(roomIds);
  return ctx.conn.graph.read(`rooms:${ids}`, () => query.all({ ids }).map(toRoom));
}

/** Inserts the rooms in one transaction; existing ids are kept as they are. Returns every id. */
export function createRooms(ctx: StoreContext, list: Room[]): UUID[] {
  const now = Date.now();
  const insert = preparedQuery(ctx, 'insertRoom', (db) =>
    db
      .insert(rooms)
      .values(placeholders([...ROOM_COLUMNS, 'createdAt']))
      .onConflictDoNothing()
      .prepare(),
  );
  ctx.conn.write(() => {
    for (const room of list) insert.run({ ...toValues(ctx, room), createdAt: now });
  });
  return list.map((room) => room.id);
}

export function updateRoom(ctx: StoreContext, room: Room): void {
  const update = preparedQuery(ctx, 'updateRoom', (db) => {
    const { id: _id, ...set } = placeholders(ROOM_COLUMNS);
    // drizzle encodes placeholders in set() like values (JSON columns included); only its types lack them.
    return db
      .update(rooms)
      .set(set as unknown as Partial<RoomRow>)
      .where(eq(rooms.id, sql.placeholder('id')))
      .prepare();
  });
  update.run(toValues(ctx, room));
}

/** Deletes a room with its memories (and their vectors) and participants. */
export function deleteRoom(ctx: StoreContext, roomId: UUID): void {
  ctx.conn.write(() => {
    deleteMemoriesWhere(ctx, 'm.room_id = ?', roomId);
    ctx.conn.db.delete(participants).where(eq(participants.roomId, roomId)).run();
    ctx.conn.db.delete(rooms).where(eq(rooms.id, roomId)).run();
  });
}

export function getRoomsByWorld(ctx: StoreContext, worldId: UUID): Room[] {
  return ctx.conn.db
    .select()
    .from(rooms)
    .where(eq(rooms.worldId, worldId))
    .orderBy(asc(rooms.createdAt))
    .all()
    .map(toRoom);
}

/** Ids of the rooms any of these entities takes part in. */
export function getRoomsForParticipants(ctx: StoreContext, entityIds: UUID[]): UUID[] {
  if (entityIds.length === 0) return [];
  const rows = ctx.conn.db
    .selectDistinct({ roomId: participants.roomId })
    .from(participants)
    .where(inArray(participants.entityId, entityIds))
    .all();
  return rows.map((row) => row.roomId as UUID);
}
