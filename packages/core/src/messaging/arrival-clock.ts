import type { UUID } from '../types/primitives';
import { LruMap } from '../maps/lru-map';

/** Rooms whose last stamp is remembered; a room forgotten restarts from the wall clock, which is later anyway. */
const MAX_ROOMS = 50_000;

/**
 * Arrival stamps per room, strictly increasing: a message accepted after
 * another in its room has a larger `createdAt`, even within one millisecond.
 * The message bus stores messages when it accepts them, so a turn must not
 * see those of its room that arrived after the one it answers; this makes
 * "arrived later" readable from the stored memories.
 */
export class ArrivalClock {
  private readonly last = new LruMap<UUID, number>(MAX_ROOMS);

  stamp(roomId: UUID, at: number = Date.now()): number {
    const previous = this.last.get(roomId);
    const stamped = previous !== undefined && at <= previous ? previous + 1 : at;
    this.last.set(roomId, stamped);
    return stamped;
  }
}
