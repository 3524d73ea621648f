import { AdapterConveniences } from '../runtime/database/adapter-conveniences';
import type { Room } from '../types/environment';
import type { ElizaOSRuntimeMembers, IElizaOS } from '../types/eliza-os';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import type { IService } from '../types/service';
import { ElizaOSFacade } from './eliza-os-facade';

const facades = new WeakMap<object, ElizaOSFacade>();

/**
 * The runtime members elizaOS 1.x has and Kith keeps for compatibility only,
 * over the forwarded adapter methods; AgentRuntime extends it, so the
 * runtime file itself keeps only what Kith uses.
 */
export abstract class ElizaOSMembers extends AdapterConveniences implements ElizaOSRuntimeMembers {
  abstract getService<T extends IService = IService>(serviceType: string): T | null;
  abstract getAllServices(): Map<string, IService[]>;

  /** The elizaOS orchestrator facade, one per runtime, made on first use. */
  get elizaOS(): IElizaOS {
    let facade = facades.get(this);
    // Only AgentRuntime (an IAgentRuntime) extends this class.
    if (!facade) facades.set(this, (facade = new ElizaOSFacade(this as unknown as IAgentRuntime)));
    return facade;
  }
  hasElizaOS(): boolean {
    return true;
  }
  addParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.addParticipantsRoom([entityId], roomId);
  }
  getTypedService<T extends IService = IService>(serviceType: string): T | null {
    return this.getService<T>(serviceType);
  }
  getRegisteredServiceTypes(): string[] {
    return [...this.getAllServices().keys()];
  }
  async createRoom(room: Room): Promise<UUID> {
    const [id] = await this.createRooms([room]);
    return id;
  }
}
