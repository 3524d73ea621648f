/**
 * Seeded variety for prompts. A provider that varies its text (random bio
 * lines, guidance) draws from a source seeded by the room and the rotation
 * block, so consecutive turns of a room render the same text (a prefix the
 * model provider can cache) and the text still changes block by block.
 */

/** A pseudo-random source (mulberry32) in [0, 1) that gives the same numbers for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded source for a text key (FNV-1a of the key), e.g. `${roomId}:${block}:CHARACTER`. */
export function randomForKey(key: string): () => number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return seededRandom(hash);
}

/** The rotation block of a 0-based turn: `every` turns share one; `every` of 1 or less gives each turn its own. */
export function rotationBlock(turn: number, every: number): number {
  return every > 1 ? Math.floor(turn / every) : turn;
}

/** Up to `count` items in random order (Fisher-Yates on a copy; the input is untouched). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  const wanted = Math.max(0, Math.min(count, copy.length));
  // Only the first `wanted` places are drawn: the rest are never shown.
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, wanted);
}
