import type { UUID } from '../types/primitives';

/** A message's place in its room's line (see RoomLine). */
export interface LinePlace {
  /** The message's arrival stamp: strictly increasing per room, from the time given. */
  stamp(at?: number): number;
  /** Resolves once every earlier message of the room was accepted (or left the line). */
  readonly acceptTurn: Promise<void>;
  /** Resolves once every earlier message of the room finished its turn (or left the line), on a fresh event-loop turn. */
  readonly turn: Promise<void>;
  /** This message is accepted: the room's next message may be accepted. Idempotent. */
  accepted(): void;
  /** This message is new (not a repeat): it supersedes the earlier messages of its room still waiting or answering. */
  counted(): void;
  /** Whether a later message of the room was counted: a turn may then give way to it (BASIC_CAPABILITIES_KEEP_RESP). */
  superseded: () => boolean;
  /** This message's turn is over (or it leaves the line): the room's next message may go. Idempotent. */
  done(): void;
}

interface RoomState {
  acceptTail: Promise<void>;
  turnTail: Promise<void>;
  /** Places in the line not yet done. */
  waiting: number;
  /** How many messages of the room were counted while this line existed. */
  counted: number;
}

/**
 * The one ordering structure of the message ledger: each room's messages in
 * the order they arrived. A place is taken synchronously on arrival; the
 * acceptances of a room may overlap (a SQLite server shares their batches)
 * or go one at a time (a fleet, where the inbox's order is the room's
 * order), and turns go one at a time. A room's entry is removed when its
 * line empties, so the map stays as small as the set of busy rooms.
 */
export class RoomLine {
  private readonly rooms = new Map<string, RoomState>();
  private lastStamp = 0;

  enter(roomId: UUID): LinePlace {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = { acceptTail: Promise.resolve(), turnTail: Promise.resolve(), waiting: 0, counted: 0 };
      this.rooms.set(roomId, room);
    }
    const state = room;
    state.waiting += 1;
    const earlierAccepted = state.acceptTail;
    const earlierDone = state.turnTail;
    let releaseAccept!: () => void;
    let releaseTurn!: () => void;
    state.acceptTail = new Promise<void>((resolve) => (releaseAccept = resolve));
    state.turnTail = new Promise<void>((resolve) => (releaseTurn = resolve));
    let isAccepted = false;
    let isDone = false;
    let countedAt: number | undefined;
    const accepted = () => {
      if (isAccepted) return;
      isAccepted = true;
      // Released only after the earlier ones: a message that leaves early must not let later ones overtake.
      void earlierAccepted.then(releaseAccept);
    };
    return {
      stamp: (at = Date.now()) => this.stamp(at),
      acceptTurn: earlierAccepted,
      // With a fast local model and synchronous SQLite a turn can finish on microtasks alone: back-to-back
      // turns would keep sockets unread for seconds without the macrotask between them.
      turn: earlierDone.then(nextLoopTurn),
      accepted,
      counted: () => {
        if (countedAt !== undefined) return;
        state.counted += 1;
        countedAt = state.counted;
      },
      superseded: () => countedAt !== undefined && state.counted > countedAt,
      done: () => {
        if (isDone) return;
        isDone = true;
        accepted();
        void earlierDone.then(() => {
          releaseTurn();
          state.waiting -= 1;
          if (state.waiting === 0 && this.rooms.get(roomId) === state) this.rooms.delete(roomId);
        });
      },
    };
  }

  /** Rooms with a line now (for tests and metrics). */
  get busyRooms(): number {
    return this.rooms.size;
  }

  /**
   * Later arrivals get later stamps, even within one millisecond: messages
   * are stored as they are accepted, so a turn must be able to tell from the
   * stored memories which of its room's messages came after it. One clock
   * for all rooms keeps no state per room; it runs ahead of the wall clock
   * only by the messages of a burst that arrive within one millisecond.
   */
  private stamp(at: number): number {
    this.lastStamp = at > this.lastStamp ? at : this.lastStamp + 1;
    return this.lastStamp;
  }
}

function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
