/** What the index knows of a memory besides its vector (the search filters). */
export interface VectorEntry {
  seq: number;
  agentId: string;
  type: string;
  roomId: string;
  worldId: string | null;
  entityId: string;
  unique: boolean;
  vector: Float32Array;
}

export interface VectorQuery {
  agentId: string;
  type: string;
  vector: Float32Array;
  k: number;
  roomId?: string;
  worldId?: string;
  entityId?: string;
  /** Only memories flagged unique. */
  unique?: boolean;
}

export interface VectorHit {
  seq: number;
  /** Cosine similarity, higher is closer. */
  similarity: number;
}

/**
 * Nearest-neighbour search over the stored vectors of one connection. The
 * `embeddings` table is the source of truth; an index only accelerates it.
 * Zero vectors are stored but never returned (their cosine is undefined).
 */
export interface VectorIndex {
  readonly kind: 'sqlite-vec' | 'exact-scan';
  /** Creates whatever the dimension needs. Idempotent. */
  prepare(dimension: number): void;
  add(entry: VectorEntry): void;
  remove(seq: number, dimension: number): void;
  /** Exact k nearest by cosine among the entries matching every filter. */
  search(query: VectorQuery): VectorHit[];
}
