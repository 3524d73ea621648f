import type { Entity, Room, World } from '../../types/environment';
import { ChannelType, type UUID } from '../../types/primitives';
import type { EnsureConnectionParams, IAgentRuntime } from '../../types/runtime';
import { BoundedMap } from '../../maps/bounded-map';
import { createUniqueUuid } from '../../uuid/uuid';

/** What connecting needs of the runtime: its id and the adapter methods it forwards. */
export type ConnectionHost = Pick<
  IAgentRuntime,
  | 'agentId'
  | 'getWorld'
  | 'createWorld'
  | 'getRoomsByIds'
  | 'createRooms'
  | 'isRoomParticipant'
  | 'addParticipantsRoom'
  | 'getEntitiesByIds'
  | 'createEntities'
  | 'updateEntity'
>;

/** Remembers which (entity, room) pairs are known to exist, so hot paths skip the database. */
export class ConnectionCache {
  // FIFO: a forgotten pair costs only a few reads when it is seen again.
  private readonly known: BoundedMap<string, true>;
  constructor(maxEntries = 10_000) {
    this.known = new BoundedMap(maxEntries);
  }

  has(key: string): boolean {
    return this.known.has(key);
  }

  add(key: string): void {
    this.known.set(key, true);
  }

  clear(): void {
    this.known.clear();
  }
}

export async function ensureWorldExists(runtime: ConnectionHost, world: World): Promise<void> {
  const existing = await runtime.getWorld(world.id);
  if (!existing) await runtime.createWorld({ ...world, agentId: runtime.agentId });
}

export async function ensureRoomExists(runtime: ConnectionHost, room: Room): Promise<void> {
  const existing = await runtime.getRoomsByIds([room.id]);
  if (!existing || existing.length === 0) await runtime.createRooms([{ ...room, agentId: runtime.agentId }]);
}

export async function ensureParticipantInRoom(runtime: ConnectionHost, entityId: UUID, roomId: UUID): Promise<void> {
  if (!(await runtime.isRoomParticipant(roomId, entityId))) await runtime.addParticipantsRoom([entityId], roomId);
}

/** Makes sure the world, room, entity and both participants of a message exist. */
export async function ensureConnection(
  runtime: ConnectionHost,
  cache: ConnectionCache,
  params: EnsureConnectionParams,
): Promise<void> {
  const key = `${params.entityId}:${params.roomId}`;
  if (cache.has(key)) return;
  const source = params.source ?? 'unknown';
  const worldId = params.worldId ?? createUniqueUuid(runtime, params.serverId ?? params.messageServerId ?? 'default');
  const names = [params.name, params.userName].filter((n): n is string => typeof n === 'string' && n.length > 0);

  await ensureWorldExists(runtime, {
    id: worldId,
    name: params.worldName ?? params.serverId ?? `${source} world`,
    agentId: runtime.agentId,
    serverId: params.serverId ?? 'default',
    metadata: {},
  });
  await ensureRoomExists(runtime, {
    id: params.roomId,
    name: params.name ?? params.channelId ?? source,
    source,
    // An elizaOS connector's own channel type name is stored as given.
    type: (params.type ?? ChannelType.DM) as ChannelType,
    channelId: params.channelId ?? params.roomId,
    serverId: params.serverId,
    worldId,
    metadata: params.metadata,
  });

  if (params.entityId !== runtime.agentId) {
    const [entity] = (await runtime.getEntitiesByIds([params.entityId])) ?? [];
    if (!entity) {
      const created: Entity = {
        id: params.entityId,
        names: names.length > 0 ? names : ['User'],
        agentId: runtime.agentId,
        metadata: { [source]: { name: params.name, userName: params.userName } },
      };
      await runtime.createEntities([created]);
    } else if (names.some((n) => !entity.names.includes(n))) {
      await runtime.updateEntity({ ...entity, names: [...new Set([...entity.names, ...names])] });
    }
  }
  await ensureParticipantInRoom(runtime, params.entityId, params.roomId);
  await ensureParticipantInRoom(runtime, runtime.agentId, params.roomId);
  cache.add(key);
}

export async function ensureConnections(
  runtime: ConnectionHost,
  cache: ConnectionCache,
  entities: Entity[],
  rooms: Room[],
  source: string,
  world: World,
): Promise<void> {
  await ensureWorldExists(runtime, world);
  for (const room of rooms) await ensureRoomExists(runtime, { ...room, worldId: room.worldId ?? world.id });
  const missing: Entity[] = [];
  const ids = entities.map((e) => e.id).filter((id): id is UUID => Boolean(id));
  const existing = new Set(((await runtime.getEntitiesByIds(ids)) ?? []).map((e) => e.id));
  for (const entity of entities)
    if (entity.id && !existing.has(entity.id)) missing.push({ ...entity, agentId: runtime.agentId });
  if (missing.length > 0) await runtime.createEntities(missing);
  for (const room of rooms) {
    for (const entity of entities) {
      if (!entity.id) continue;
      await ensureParticipantInRoom(runtime, entity.id, room.id);
      cache.add(`${entity.id}:${room.id}`);
    }
    await ensureParticipantInRoom(runtime, runtime.agentId, room.id);
  }
  void source;
}
