/** What a vector index knows of a memory besides its vector (the search filters). */
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

/** A search of an in-process vector index (both dialects keep one; see vector-partition). */
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
  /** Leave out hits below this cosine similarity. */
  minSimilarity?: number;
}

export interface VectorHit {
  seq: number;
  /** Cosine similarity, higher is closer. */
  similarity: number;
  /** The stored vector. */
  vector: Float32Array;
}
