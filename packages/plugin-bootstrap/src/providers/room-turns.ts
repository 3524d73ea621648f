import { getNumberSetting, LruMap, rotationBlock, type IAgentRuntime, type Memory, type UUID } from '@kith/core';

/** Default PROMPT_ROTATION_TURNS. */
export const DEFAULT_PROMPT_ROTATION_TURNS = 8;
const MAX_ROOMS = 10_000;

/**
 * PROMPT_ROTATION_TURNS: how many turns of a room share one draw of the
 * prompt's varied parts (bio and style lines, topic, adjective, examples,
 * guidance) and one block of the conversation window (default 8). 1 draws
 * afresh and slides the window on every turn.
 */
export function promptRotationTurns(runtime: IAgentRuntime): number {
  return getNumberSetting(runtime, 'PROMPT_ROTATION_TURNS', DEFAULT_PROMPT_ROTATION_TURNS, { min: 1, integer: true });
}

/** Where a turn stands in its room's schedule. */
export interface RoomTurn {
  /** 0-based count of the room's turns this process has seen. */
  turn: number;
  /** The rotation block: `every` consecutive turns share one. */
  block: number;
  /** PROMPT_ROTATION_TURNS as read for this turn. */
  every: number;
}

interface Counter {
  turn: number;
  messageId: UUID | undefined;
  /** PROMPT_ROTATION_TURNS as read when the turn began (three providers ask each turn). */
  every: number;
}

// In process, per runtime and room, like the reflection counter: a restart
// starts the schedule again, which costs one cache miss and nothing else.
const counters = new WeakMap<IAgentRuntime, LruMap<UUID, Counter>>();

/**
 * The turn of `message` in its room. A turn is one message: the providers
 * that run for it (several, and again when the pipeline re-composes state
 * for its actions) all see the same turn; the next message id starts the
 * next one. A message without an id does not move the schedule.
 */
export function roomTurn(runtime: IAgentRuntime, message: Memory): RoomTurn {
  let rooms = counters.get(runtime);
  if (!rooms) {
    rooms = new LruMap<UUID, Counter>(MAX_ROOMS);
    counters.set(runtime, rooms);
  }
  let counter = rooms.get(message.roomId);
  if (!counter) {
    counter = { turn: 0, messageId: message.id, every: promptRotationTurns(runtime) };
    rooms.set(message.roomId, counter);
  } else if (message.id !== undefined && counter.messageId !== message.id) {
    counter.turn += 1;
    counter.messageId = message.id;
    counter.every = promptRotationTurns(runtime);
  }
  return { turn: counter.turn, block: rotationBlock(counter.turn, counter.every), every: counter.every };
}
