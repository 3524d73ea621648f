import type { Memory, Room } from '@kith/core';

/** A memory as the API returns it: everything but the embedding vector. */
export type MemoryView = Omit<Memory, 'embedding' | 'similarity'>;

export function toMemoryView(memory: Memory): MemoryView {
  const { embedding: _embedding, similarity: _similarity, ...view } = memory;
  return view;
}

export type RoomView = Pick<Room, 'id' | 'name' | 'source' | 'type' | 'channelId' | 'serverId' | 'worldId'>;

export function toRoomView(room: Room): RoomView {
  return {
    id: room.id,
    name: room.name,
    source: room.source,
    type: room.type,
    channelId: room.channelId,
    serverId: room.serverId,
    worldId: room.worldId,
  };
}
