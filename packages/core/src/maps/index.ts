// Size-capped maps: one bounded map (FIFO) and its LRU variant.
export { BoundedMap } from './bounded-map';
export { LruMap } from './lru-map';
