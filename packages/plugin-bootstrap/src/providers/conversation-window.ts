import { LruMap, type IAgentRuntime, type Memory, type UUID } from '@kith/core';
import type { RoomTurn } from './room-turns';

const MAX_ROOMS = 10_000;

/** Where a room's window begins while one rotation block lasts. */
interface WindowStart {
  block: number;
  /** The oldest message shown; null: the room's first message. */
  firstId: UUID | null;
}

/**
 * The most messages a window may reach: the conversation length plus two
 * per turn of a block (a message and its reply). A busier room starts a new
 * block early rather than grow past it.
 */
export function maxWindow(length: number, every: number): number {
  return length + (every > 1 ? 2 * every : 0);
}

/**
 * How many of `earlier` (the messages before the received one, newest
 * first, at least `max + 1` of them when the room has that many) the
 * conversation shows. A block starts at the newest `length` messages and
 * keeps its first message while it lasts, so the window grows by the new
 * messages and every turn's history begins with the previous turn's: a
 * prefix a provider prompt cache can reuse. The next block (or a window
 * past `max`, or a first message deleted) starts again at `length`.
 */
export function windowCount(earlier: readonly Memory[], length: number, max: number, block: number, start: WindowStart | undefined): { count: number; start: WindowStart } {
  if (length <= 0) return { count: 0, start: { block, firstId: null } };
  if (start && start.block === block) {
    const count = start.firstId === null ? earlier.length : earlier.findIndex((memory) => memory.id === start.firstId) + 1;
    if (count > 0 && count <= max) return { count, start };
    if (start.firstId === null && count === 0) return { count: 0, start };
  }
  const count = Math.min(length, earlier.length);
  // Fewer than `length` messages: the block grows from the room's start.
  const firstId = count < length ? null : (earlier[count - 1].id ?? null);
  return { count, start: { block, firstId } };
}

const starts = new WeakMap<IAgentRuntime, LruMap<UUID, WindowStart>>();

/** windowCount with the room's block start kept in process (a restart starts a new block). */
export function conversationWindow(runtime: IAgentRuntime, roomId: UUID, earlier: readonly Memory[], length: number, schedule: RoomTurn): Memory[] {
  let rooms = starts.get(runtime);
  if (!rooms) {
    rooms = new LruMap<UUID, WindowStart>(MAX_ROOMS);
    starts.set(runtime, rooms);
  }
  const { count, start } = windowCount(earlier, length, maxWindow(length, schedule.every), schedule.block, rooms.get(roomId));
  rooms.set(roomId, start);
  return earlier.slice(0, count);
}
