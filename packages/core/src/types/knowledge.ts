import type { MemoryMetadata } from './memory';
import type { UUID } from './primitives';

export interface ChunkOptions {
  /** Longest chunk in characters (default 1,500). */
  chunkSize?: number;
  /** Characters of the previous chunk repeated at the start of the next (default 150). */
  overlap?: number;
}

/** A document to learn: its text, or a path to a UTF-8 text file. */
export type KnowledgeInput =
  | { text: string; id?: UUID; metadata?: MemoryMetadata }
  | { path: string; id?: UUID; metadata?: MemoryMetadata }
  | { id: UUID; content: { text?: string }; metadata?: MemoryMetadata };

export interface KnowledgeProgress {
  documentId: UUID;
  /** Fragments stored so far. */
  done: number;
  failed: number;
  total: number;
}

export interface AddKnowledgeOptions extends ChunkOptions {
  /** Embedding calls in flight at once (default KNOWLEDGE_MAX_PARALLEL or 4). */
  maxParallel?: number;
  /** Fragments per embedding call when the handler takes arrays (default 32). */
  batchSize?: number;
  onProgress?: (progress: KnowledgeProgress) => void;
}

export interface AddKnowledgeResult {
  documentId: UUID;
  fragments: number;
  failed: number;
  /** True when the same document was already stored (nothing was done). */
  alreadyKnown: boolean;
}

/** A folder of knowledge files named in `character.knowledge`; `shared` knowledge is visible to every agent. */
export interface DirectoryItem {
  directory: string;
  shared?: boolean;
}
