import type { ChannelType, Entity, IAgentRuntime, Memory, ParticipantUserState, Room, World } from '@kith/core';

// Within one turn the ACTIONS provider, other providers and processActions all
// ask for the same room and participant state. Memoising them on the message
// object turns a dozen reads into one each, and the memo dies with the turn.
const rooms = new WeakMap<Memory, Promise<Room | null>>();
const agentStates = new WeakMap<Memory, Promise<ParticipantUserState>>();
const worlds = new WeakMap<Memory, Promise<World | null>>();
const roomEntities = new WeakMap<Memory, Promise<Entity[]>>();

/** The message's room (null when unknown or on a read error), read once per turn. */
export function roomOf(runtime: IAgentRuntime, message: Memory): Promise<Room | null> {
  let room = rooms.get(message);
  if (!room) {
    room = runtime.getRoom(message.roomId).catch(() => null);
    rooms.set(message, room);
  }
  return room;
}

/** The world of the message's room, read once per turn. Handlers that change the world read it fresh. */
export function worldOf(runtime: IAgentRuntime, message: Memory): Promise<World | null> {
  let world = worlds.get(message);
  if (!world) {
    world = roomOf(runtime, message)
      .then((room) => (room?.worldId ? runtime.getWorld(room.worldId) : null))
      .catch(() => null);
    worlds.set(message, world);
  }
  return world;
}

/** The entities of the message's room with their components, read once per turn. */
export function roomEntitiesOf(runtime: IAgentRuntime, message: Memory): Promise<Entity[]> {
  let entities = roomEntities.get(message);
  if (!entities) {
    entities = runtime.getEntitiesForRoom(message.roomId, true).catch(() => []);
    roomEntities.set(message, entities);
  }
  return entities;
}

/** The channel type from the message, else from its room. */
export async function channelTypeOf(
  runtime: IAgentRuntime,
  message: Memory,
): Promise<ChannelType | string | undefined> {
  return message.content.channelType ?? (await roomOf(runtime, message))?.type;
}

/** The agent's own participant state in the message's room: FOLLOWED, MUTED or null. */
export function agentRoomState(runtime: IAgentRuntime, message: Memory): Promise<ParticipantUserState> {
  let state = agentStates.get(message);
  if (!state) {
    state = runtime.getParticipantUserState(message.roomId, runtime.agentId).catch(() => null);
    agentStates.set(message, state);
  }
  return state;
}

/**
 * Sets the agent's state in the message's room. The agent is added as a
 * participant first: adapters ignore the state of a non-participant.
 */
export async function setAgentRoomState(
  runtime: IAgentRuntime,
  message: Memory,
  state: ParticipantUserState,
): Promise<void> {
  await runtime.ensureParticipantInRoom(runtime.agentId, message.roomId);
  await runtime.setParticipantUserState(message.roomId, runtime.agentId, state);
  agentStates.set(message, Promise.resolve(state));
}
