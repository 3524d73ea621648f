import { createHash } from 'node:crypto';

/**
 * A tiny bag-of-words embedding: each lower-cased word adds ±1 to a hashed
 * slot, then the vector is normalised. The same text always gives the same
 * vector, and texts sharing words are similar, which is all tests need.
 * Empty text (the runtime's dimension probe) gives a fixed unit vector.
 */
export function deterministicEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const digest = createHash('sha1').update(word).digest();
    const slot = digest.readUInt32BE(0) % dimensions;
    vector[slot] += (digest[4] & 1) === 0 ? 1 : -1;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((v) => v / norm);
}
