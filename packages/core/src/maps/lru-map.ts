import { BoundedMap } from './bounded-map';

/**
 * A BoundedMap that evicts the least recently used entry. `get` and `set`
 * count as use; `has` and `peek` do not, so a presence check does not keep
 * an entry alive.
 */
export class LruMap<K, V> extends BoundedMap<K, V> {
  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    // Re-inserting moves the key to the end of Map's insertion order.
    super.delete(key);
    Map.prototype.set.call(this, key, value);
    return value;
  }

  override set(key: K, value: V): this {
    if (super.has(key)) super.delete(key);
    return super.set(key, value);
  }
}
