import type { Room } from '../types/environment';
import type { ElizaOSRuntimeMembers } from '../types/eliza-os';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { ElizaOSFacade } from './eliza-os-facade';

/** The runtime members elizaOS 1.x has and Kith adds for compatibility only. */
export type CompatMembers = ElizaOSRuntimeMembers;

const facades = new WeakMap<object, ElizaOSFacade>();

type Host = IAgentRuntime & CompatMembers;

/**
 * Adds the elizaOS-only members to a runtime class's prototype, so the
 * runtime file itself keeps only what Kith uses.
 */
export function installCompatMembers(prototype: object): void {
  const members: { [K in Exclude<keyof CompatMembers, 'elizaOS'>]: (this: Host, ...args: never[]) => unknown } = {
    hasElizaOS(this: Host) {
      return true;
    },
    addParticipant(this: Host, entityId: UUID, roomId: UUID) {
      return this.addParticipantsRoom([entityId], roomId);
    },
    getTypedService(this: Host, serviceType: string) {
      return this.getService(serviceType);
    },
    getRegisteredServiceTypes(this: Host) {
      return [...this.getAllServices().keys()];
    },
    async createRoom(this: Host, room: Room) {
      const [id] = await this.createRooms([room]);
      return id;
    },
  };
  for (const [name, value] of Object.entries(members)) {
    Object.defineProperty(prototype, name, { value, writable: true, configurable: true });
  }
  Object.defineProperty(prototype, 'elizaOS', {
    configurable: true,
    get(this: IAgentRuntime) {
      let facade = facades.get(this);
      if (!facade) facades.set(this, (facade = new ElizaOSFacade(this)));
      return facade;
    },
  });
}
