/** Vector sizes the adapter stores (an agent uses one; each gets its own in-memory partitions). */
export const EMBEDDING_DIMENSIONS = [384, 512, 768, 1024, 1536, 3072] as const;

export type EmbeddingDimension = (typeof EMBEDDING_DIMENSIONS)[number];

export function isSupportedDimension(dimension: number): dimension is EmbeddingDimension {
  return (EMBEDDING_DIMENSIONS as readonly number[]).includes(dimension);
}
