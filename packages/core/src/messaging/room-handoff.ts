/** A message's place in its room's line (see RoomHandoff). */
export interface RoomPlace {
  /** Resolves once every earlier message of the room was handed over (or gave up its place). */
  readonly turn: Promise<void>;
  /** Hands this message over: the next one of the room may go. Idempotent. */
  done(): void;
}

/**
 * Hands a room's messages to the pipeline in the order they arrived, while
 * their preparation and acceptance (database round trips, which on a server
 * may finish in any order) still overlap and share batches. A place is taken
 * synchronously on arrival; the pipeline then keeps the order it is given.
 */
export class RoomHandoff {
  private readonly tails = new Map<string, Promise<void>>();

  enter(roomId: string): RoomPlace {
    const turn = this.tails.get(roomId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(roomId, mine);
    void mine.then(() => {
      if (this.tails.get(roomId) === mine) this.tails.delete(roomId);
    });
    // Released only after the earlier ones: a message that gives up its place early must not let later ones overtake.
    const done = () => void turn.then(release);
    return { turn, done };
  }

  /** Rooms with a line now (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
