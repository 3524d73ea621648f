import type { Entity, Room, World } from '../../types/environment';
import type { UUID } from '../../types/primitives';
import type { EnsureConnectionParams } from '../../types/runtime';
import * as connections from '../connections/ensure-connection';
import { DatabaseDelegates } from './database-delegates';

/**
 * What elizaOS's runtime offers over the adapter's methods: connecting an
 * entity to a room and world (created as needed, remembered so a repeat is
 * cheap), and one-row and elizaOS-named shortcuts.
 */
export abstract class AdapterConveniences extends DatabaseDelegates {
  abstract readonly agentId: UUID;
  private readonly connectionCache = new connections.ConnectionCache();

  ensureConnection(params: EnsureConnectionParams): Promise<void> {
    return connections.ensureConnection(this, this.connectionCache, params);
  }
  ensureConnections(entities: Entity[], rooms: Room[], source: string, world: World): Promise<void> {
    return connections.ensureConnections(this, this.connectionCache, entities, rooms, source, world);
  }
  ensureParticipantInRoom(entityId: UUID, roomId: UUID): Promise<void> {
    return connections.ensureParticipantInRoom(this, entityId, roomId);
  }
  ensureWorldExists(world: World): Promise<void> {
    return connections.ensureWorldExists(this, world);
  }
  ensureRoomExists(room: Room): Promise<void> {
    return connections.ensureRoomExists(this, room);
  }
  async getEntityById(entityId: UUID): Promise<Entity | null> {
    return (await this.adapter.getEntitiesByIds([entityId]))?.[0] ?? null;
  }
  async getRoom(roomId: UUID): Promise<Room | null> {
    return (await this.adapter.getRoomsByIds([roomId]))?.[0] ?? null;
  }
  /** elizaOS 1.x name for the rooms of a world. */
  getRooms(worldId: UUID): Promise<Room[]> {
    return this.adapter.getRoomsByWorld(worldId);
  }
  /** Creates one entity, owned by this agent unless it names another. */
  createEntity(entity: Entity): Promise<boolean> {
    return this.adapter.createEntities([{ ...entity, agentId: entity.agentId ?? this.agentId }]);
  }
}
