import type { Content, Metadata, UUID } from './primitives';

export enum MemoryType {
  DOCUMENT = 'document',
  FRAGMENT = 'fragment',
  MESSAGE = 'message',
  DESCRIPTION = 'description',
  CUSTOM = 'custom',
}

export interface MemoryMetadata {
  type?: MemoryType | string;
  source?: string;
  sourceId?: string;
  scope?: 'shared' | 'private' | 'room';
  timestamp?: number;
  tags?: string[];
  documentId?: UUID;
  position?: number;
  [key: string]: unknown;
}

/** A stored message, fact, document or fragment. */
export interface Memory {
  id?: UUID;
  entityId: UUID;
  agentId?: UUID;
  createdAt?: number;
  content: Content;
  embedding?: number[];
  roomId: UUID;
  worldId?: UUID;
  unique?: boolean;
  /** Set by vector search: cosine similarity in [-1, 1]. */
  similarity?: number;
  metadata?: MemoryMetadata;
}

/** A memory handed to the knowledge system. */
export interface KnowledgeItem {
  id: UUID;
  content: Content;
  metadata?: MemoryMetadata;
}

export type { Metadata };
