import { ChannelType } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';

/**
 * elizaOS gives every agent a world and a SELF room whose id is the agent's
 * own, with the agent as participant, at start-up; plugins store agent-scoped
 * memories there (plugin-knowledge files character knowledge under
 * roomId = worldId = agentId). Kith creates them the same way, once.
 */
export async function ensureAgentSelfRoom(runtime: IAgentRuntime): Promise<void> {
  const id = runtime.agentId;
  if (await runtime.getRoom(id)) return;
  await runtime.ensureWorldExists({
    id,
    name: `${runtime.character.name}'s World`,
    agentId: id,
    messageServerId: id,
    metadata: {},
  });
  await runtime.ensureRoomExists({
    id,
    name: runtime.character.name,
    agentId: id,
    source: 'kith',
    type: ChannelType.SELF,
    channelId: id,
    messageServerId: id,
    worldId: id,
  });
  await runtime.ensureParticipantInRoom(id, id);
}
