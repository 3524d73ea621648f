import { LruMap } from '@kith/core';

/** Message ids (and platform ids) already taken in, so a message delivered twice is answered once. */
export class SeenMessages {
  private readonly ids: LruMap<string, true>;

  constructor(max = 20_000) {
    this.ids = new LruMap(max);
  }

  /** Marks every key seen; false when any of them was seen before. */
  claim(keys: readonly string[]): boolean {
    if (keys.some((key) => this.ids.has(key))) return false;
    for (const key of keys) this.ids.set(key, true);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }

  get max(): number {
    return this.ids.maxSize;
  }
}
