import { LruMap, type IAgentRuntime, type UUID } from '@kith/core';

interface Entry<T> {
  block: number;
  source: unknown;
  value: T;
}

/**
 * What a provider drew for a room's rotation block (see room-turns.ts), kept
 * while the block lasts. The draw is seeded by room and block, so every turn
 * of the block renders the same text; drawing and rendering it again each
 * turn cost CHARACTER ~12 µs a turn. `source` is what the value was made
 * from (the character object, a channel type): another one draws again.
 * Values are shared between the turns of a block: keep them immutable (hand
 * out copies of objects).
 */
export class BlockMemo<T> {
  private readonly runtimes = new WeakMap<IAgentRuntime, LruMap<UUID, Entry<T>>>();

  constructor(private readonly maxRooms: number) {}

  get(runtime: IAgentRuntime, roomId: UUID, block: number, source: unknown, draw: () => T): T {
    let rooms = this.runtimes.get(runtime);
    if (!rooms) {
      rooms = new LruMap<UUID, Entry<T>>(this.maxRooms);
      this.runtimes.set(runtime, rooms);
    }
    const entry = rooms.get(roomId);
    if (entry && entry.block === block && entry.source === source) return entry.value;
    const value = draw();
    rooms.set(roomId, { block, source, value });
    return value;
  }
}
