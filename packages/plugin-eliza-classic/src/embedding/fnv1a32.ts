const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// A module binding, not a global lookup per call: much faster inside vm contexts (jest).
const imul = Math.imul;

/** FNV-1a over UTF-16 code units, from `seed` (different seeds give independent hash families). */
export function fnv1a32(text: string, seed: number = FNV_OFFSET): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** Extends an FNV-1a hash by one 32-bit value (used to hash tuples without building strings). */
export function fnvStep(hash: number, value: number): number {
  return imul((hash ^ value) >>> 0, FNV_PRIME) >>> 0;
}

/**
 * murmur3's finaliser. FNV-1a's low bits are weak for short keys; the
 * embedder takes its sign from bit 0 and its bucket from the rest, so every
 * bit must depend on every input bit.
 */
export function mix32(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
