import type { Entity, Room } from '../../types/environment';
import type { UUID } from '../../types/primitives';
import { DatabaseDelegates } from './database-delegates';

/** One-row and elizaOS-named shortcuts over the adapter's methods, as elizaOS's runtime has them. */
export abstract class AdapterConveniences extends DatabaseDelegates {
  abstract readonly agentId: UUID;

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
