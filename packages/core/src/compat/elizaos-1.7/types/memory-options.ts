import type { MemoryMetadata } from '../../../types/memory';
import type { UUID } from '../../../types/primitives';

// elizaOS 1.x's option objects for memory reads. Kith's adapter takes
// GetMemoriesParams and SearchMemoriesParams (with the table name); these
// exist so plugins that declare them compile.

export interface MemoryRetrievalOptions {
  roomId: UUID;
  count?: number;
  unique?: boolean;
  start?: number;
  end?: number;
  agentId?: UUID;
}

export interface MemorySearchOptions {
  embedding: number[];
  match_threshold?: number;
  count?: number;
  roomId: UUID;
  agentId?: UUID;
  unique?: boolean;
  metadata?: Partial<MemoryMetadata>;
}

export interface MultiRoomMemoryOptions {
  roomIds: UUID[];
  limit?: number;
  agentId?: UUID;
}

export interface UnifiedMemoryOptions {
  roomId: UUID;
  limit?: number;
  agentId?: UUID;
  unique?: boolean;
  start?: number;
  end?: number;
}

export interface UnifiedSearchOptions extends UnifiedMemoryOptions {
  embedding: number[];
  similarity?: number;
}
