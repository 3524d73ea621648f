import type { IAgentRuntime, Memory, Room, UUID } from '@kith/core';

/** A memory as the API returns it: everything but the embedding vector, with its author's name when known. */
export type MemoryView = Omit<Memory, 'embedding' | 'similarity'> & { authorName?: string };

export function toMemoryView(memory: Memory, names?: ReadonlyMap<string, string>): MemoryView {
  const { embedding: _embedding, similarity: _similarity, ...view } = memory;
  const authorName = names?.get(memory.entityId);
  return authorName ? { ...view, authorName } : view;
}

/** The first name of each author of `memories`, in one entity lookup. */
export async function authorNames(runtime: IAgentRuntime, memories: readonly Memory[]): Promise<Map<string, string>> {
  const ids = [...new Set(memories.map((memory) => memory.entityId))] as UUID[];
  if (ids.length === 0) return new Map();
  const entities = (await runtime.getEntitiesByIds(ids)) ?? [];
  const names = new Map<string, string>();
  for (const entity of entities) if (entity.id && entity.names[0]) names.set(entity.id, entity.names[0]);
  return names;
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
