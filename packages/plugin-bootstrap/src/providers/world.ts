import type { Provider, Room } from '@kith/core';
import { roomOf } from '../helpers/turn-lookups';

const MAX_ROOMS = 20;

function roomLabel(room: Room): string {
  return `${room.name ?? room.channelId ?? room.id} (${room.type})`;
}

/** The world (server) around the room: its name, its rooms and who is here. Fills {{worldContext}}. */
export const worldProvider: Provider = {
  name: 'WORLD',
  description: 'The server or world this room belongs to, its rooms and members',
  dynamic: true,
  position: -35,
  get: async (runtime, message) => {
    const room = await roomOf(runtime, message);
    if (!room) return { values: { worldContext: '' } };
    const world = room.worldId ? await runtime.getWorld(room.worldId) : null;
    const [rooms, participants] = await Promise.all([
      world ? runtime.getRoomsByWorld(world.id) : Promise.resolve([] as Room[]),
      runtime.getEntitiesForRoom(room.id),
    ]);
    const others = rooms.filter((r) => r.id !== room.id).slice(0, MAX_ROOMS);
    const lines = [
      `# World: ${world?.name ?? 'unnamed'}`,
      `Current room: ${roomLabel(room)} on ${room.source}`,
      others.length > 0 ? `Other rooms: ${others.map(roomLabel).join(', ')}` : '',
      participants.length > 0 ? `Members here: ${participants.map((e) => e.names[0] ?? 'Unknown').join(', ')}` : '',
    ].filter(Boolean);
    const text = lines.join('\n');
    return {
      text,
      values: { worldContext: text, worldName: world?.name ?? '', roomName: room.name ?? '', channelType: room.type },
      data: { world, room, rooms },
    };
  },
};
