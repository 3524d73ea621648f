import type { Entity, Room, World } from '../../types/environment';
import { ChannelType, type UUID } from '../../types/primitives';

export const AGENT = '00000000-0000-0000-0000-0000000000a0' as UUID;
export const ROOM = '00000000-0000-0000-0000-00000000f00d' as UUID;
export const ROOM2 = '00000000-0000-0000-0000-00000000beef' as UUID;
export const ALICE = '00000000-0000-0000-0000-000000000001' as UUID;
export const BOB = '00000000-0000-0000-0000-000000000002' as UUID;
export const ANON = '00000000-0000-0000-0000-000000000003' as UUID;

export function entity(id: UUID, names: string[], metadata?: Entity['metadata']): Entity {
  return { id, names, agentId: AGENT, metadata };
}

/** A runtime stand-in with the read methods the utils use. */
export function roomRuntime({
  room = { id: ROOM, source: 'discord', type: ChannelType.GROUP },
  entities = [],
  worlds = [],
}: { room?: Room | null; entities?: Entity[]; worlds?: World[] } = {}) {
  return {
    agentId: AGENT,
    getRoom: jest.fn(async (_roomId: UUID) => room),
    getEntitiesForRoom: jest.fn(async (_roomId: UUID, _includeComponents?: boolean) => entities),
    getWorld: jest.fn(async (id: UUID) => worlds.find((world) => world.id === id) ?? null),
    getAllWorlds: jest.fn(async () => worlds),
  };
}
