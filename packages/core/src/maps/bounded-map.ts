/**
 * A Map that holds at most `maxSize` entries; past that it evicts the entry
 * inserted first (FIFO). Reads do not reorder, and overwriting a key keeps
 * its place, as in a plain Map. For least-recently-used eviction use LruMap.
 *
 * Why our own rather than the `lru-cache` package: a read here is Map's own
 * `get` (no override), and the hottest bounded map, plugin-sql's statement
 * cache, is read on every statement. A microbenchmark (Node 20, 2M reads of
 * 20-40 hot keys, cap 500) measured about 17 ns a read here, 24-28 ns with
 * lru-cache 11, and 57-90 ns for LruMap's reordering read (lru-cache: 27-40
 * ns). The LRU sites (state cache, DOCTOR conversations) read a few times a
 * turn, so that gap is well under a microsecond per turn; the sites also
 * iterate, clear and delete through the Map API, which lru-cache does not
 * offer as a Map. No dependency is added to core.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly maxSize: number;
  protected readonly onEvict?: (key: K, value: V) => void;

  constructor(maxSize: number, onEvict?: (key: K, value: V) => void) {
    super();
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new RangeError(`${new.target.name} maxSize must be a positive integer, got ${maxSize}`);
    }
    this.maxSize = maxSize;
    this.onEvict = onEvict;
  }

  /** The value without marking it as used (the same as `get` here; LruMap's `get` refreshes). */
  peek(key: K): V | undefined {
    return super.get(key);
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    if (this.size > this.maxSize) this.evictOldest();
    return this;
  }

  protected evictOldest(): void {
    while (this.size > this.maxSize) {
      const oldest = this.keys().next().value as K;
      const evicted = super.get(oldest) as V;
      super.delete(oldest);
      this.onEvict?.(oldest, evicted);
    }
  }
}
