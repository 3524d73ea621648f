/**
 * Runs tasks one at a time per key (room), in arrival order; different keys
 * run concurrently. A key's entry is removed when its queue drains, so the
 * map stays as small as the set of busy rooms.
 */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // Each turn starts on a fresh event-loop turn: with a fast local model and synchronous SQLite a
    // turn can finish on microtasks alone, and back-to-back turns would keep sockets unread for seconds.
    const result = previous.then(nextLoopTurn, nextLoopTurn).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get busyKeys(): number {
    return this.tails.size;
  }
}

function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
