import { getNumberSetting, LruMap, type IAgentRuntime, type UUID } from '@kith/core';

export const DEFAULT_REFLECTION_INTERVAL = 8;
const MAX_ROOMS = 10_000;

/** REFLECTION_INTERVAL: inbound messages between reflections in a room (default 8; 0 turns reflection off). */
export function reflectionInterval(runtime: IAgentRuntime): number {
  return getNumberSetting(runtime, 'REFLECTION_INTERVAL', DEFAULT_REFLECTION_INTERVAL, { min: 0, integer: true });
}

// Counts per runtime and room, in process. A restart starts the count again,
// which at worst delays one reflection; it never makes reflection fire more
// often than the interval. Bounded, so many rooms cannot grow it without end.
const counters = new WeakMap<IAgentRuntime, LruMap<UUID, number>>();

function countersOf(runtime: IAgentRuntime): LruMap<UUID, number> {
  let rooms = counters.get(runtime);
  if (!rooms) {
    rooms = new LruMap<UUID, number>(MAX_ROOMS);
    counters.set(runtime, rooms);
  }
  return rooms;
}

/** Counts one inbound message of the room and returns how many are waiting for reflection. */
export function countInbound(runtime: IAgentRuntime, roomId: UUID): number {
  const rooms = countersOf(runtime);
  const count = (rooms.get(roomId) ?? 0) + 1;
  rooms.set(roomId, count);
  return count;
}

/** Starts the room's count again (a reflection is running). */
export function resetInbound(runtime: IAgentRuntime, roomId: UUID): void {
  countersOf(runtime).set(roomId, 0);
}
