/**
 * A Map that holds at most `maxSize` entries and evicts the least recently
 * used one. `get` and `set` count as use; `has` and `peek` do not, so a
 * presence check does not keep an entry alive.
 */
export class LruMap<K, V> extends Map<K, V> {
  readonly maxSize: number;
  private readonly onEvict?: (key: K, value: V) => void;

  constructor(maxSize: number, onEvict?: (key: K, value: V) => void) {
    super();
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new RangeError(`LruMap maxSize must be a positive integer, got ${maxSize}`);
    }
    this.maxSize = maxSize;
    this.onEvict = onEvict;
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    // Re-inserting moves the key to the end of Map's insertion order.
    super.delete(key);
    super.set(key, value);
    return value;
  }

  /** The value without marking it as recently used. */
  peek(key: K): V | undefined {
    return super.get(key);
  }

  override set(key: K, value: V): this {
    if (super.has(key)) super.delete(key);
    super.set(key, value);
    while (this.size > this.maxSize) {
      const oldest = this.keys().next().value as K;
      const evicted = super.get(oldest) as V;
      super.delete(oldest);
      this.onEvict?.(oldest, evicted);
    }
    return this;
  }
}
