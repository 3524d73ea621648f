/**
 * Runs tasks one at a time per key (room), in arrival order; different keys
 * run concurrently. A key's entry is removed when its queue drains, so the
 * map stays as small as the set of busy rooms.
 */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
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
