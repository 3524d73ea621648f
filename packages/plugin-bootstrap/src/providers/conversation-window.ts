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
export function windowCount(
  earlier: readonly Memory[],
  length: number,
  max: number,
  block: number,
  start: WindowStart | undefined,
): { count: number; start: WindowStart } {
  if (length <= 0) return { count: 0, start: { block, firstId: null } };
  if (start && start.block === block) {
    const count =
      start.firstId === null ? earlier.length : earlier.findIndex((memory) => memory.id === start.firstId) + 1;
    if (count > 0 && count <= max) return { count, start };
    if (start.firstId === null && count === 0) return { count: 0, start };
  }
  const count = Math.min(length, earlier.length);
  // Fewer than `length` messages: the block grows from the room's start.
  const firstId = count < length ? null : (earlier[count - 1].id ?? null);
  return { count, start: { block, firstId } };
}

/** A room's window as its last turn left it. */
interface WindowState {
  start: WindowStart;
  /** How many messages that turn showed. */
  shown: number;
}

const states = new WeakMap<IAgentRuntime, LruMap<UUID, WindowState>>();

function roomsOf(runtime: IAgentRuntime): LruMap<UUID, WindowState> {
  let rooms = states.get(runtime);
  if (!rooms) {
    rooms = new LruMap<UUID, WindowState>(MAX_ROOMS);
    states.set(runtime, rooms);
  }
  return rooms;
}

/**
 * The most messages this turn's window may ask for: what maxWindow allows, the
 * received message (it may be among the newest) and one more, which tells a
 * room that outgrew the window from one that did not.
 */
export function mostToRead(length: number, schedule: RoomTurn): number {
  return maxWindow(length, schedule.every) + 2;
}

/**
 * How many of the room's newest messages to read first for this turn: within
 * a block, the messages its last turn showed and a few newer ones (the
 * received message, the last message and its reply, one more); at a new
 * block, `length` and two. Only the room's first block, still short of
 * `length`, reads mostToRead. Every message read becomes a memory object
 * (~1 µs each): reading all of mostToRead every turn cost a third more than
 * the window needs. conversationWindow tells when the guess fell short.
 */
export function messagesToRead(runtime: IAgentRuntime, roomId: UUID, length: number, schedule: RoomTurn): number {
  const most = mostToRead(length, schedule);
  const state = roomsOf(runtime).peek(roomId);
  if (!state || state.start.block !== schedule.block) return Math.min(most, length + 2);
  if (state.start.firstId === null) return most;
  return Math.min(most, state.shown + 4);
}

/**
 * windowCount with the room's block start kept in process (a restart starts a
 * new block). `earlier` may be a first read of messagesToRead: `complete`
 * says whether it holds every message the window could need (mostToRead were
 * asked for, or the room has no more). Null when it is not complete and the
 * block's first message is not among them: read mostToRead and ask again.
 */
export function conversationWindow(
  runtime: IAgentRuntime,
  roomId: UUID,
  earlier: readonly Memory[],
  length: number,
  schedule: RoomTurn,
  complete = true,
): Memory[] | null {
  const rooms = roomsOf(runtime);
  const previous = rooms.get(roomId)?.start;
  if (
    !complete &&
    previous &&
    previous.block === schedule.block &&
    previous.firstId !== null &&
    !earlier.some((memory) => memory.id === previous.firstId)
  )
    return null;
  const { count, start } = windowCount(earlier, length, maxWindow(length, schedule.every), schedule.block, previous);
  rooms.set(roomId, { start, shown: count });
  return earlier.slice(0, count);
}
