import type { Content, Metadata, UUID } from './primitives';

export enum MemoryType {
  DOCUMENT = 'document',
  FRAGMENT = 'fragment',
  MESSAGE = 'message',
  DESCRIPTION = 'description',
  CUSTOM = 'custom',
}

/** Where a memory is visible: to everyone, to one entity, or within its room. */
export type MemoryScope = 'shared' | 'private' | 'room';

/** A memory kind: one of MemoryType, or a plugin's own (elizaOS's name). */
export type MemoryTypeAlias = string;

export interface MemoryMetadata {
  type?: MemoryType | MemoryTypeAlias;
  source?: string;
  sourceId?: string;
  scope?: MemoryScope;
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

/*
 * elizaOS's typed metadata, narrower than MemoryMetadata. Type aliases, not
 * interfaces, so each is assignable to MemoryMetadata (an interface would
 * lack its index signature).
 */

/** What metadata of every memory kind has. */
export type BaseMetadata = {
  type: MemoryTypeAlias;
  source?: string;
  sourceId?: UUID;
  scope?: MemoryScope;
  timestamp?: number;
  tags?: string[];
};

export type DocumentMetadata = BaseMetadata & { type: MemoryType.DOCUMENT };

/** A chunk of a document: the document it came from and its place in it. */
export type FragmentMetadata = BaseMetadata & { type: MemoryType.FRAGMENT; documentId: UUID; position: number };

export type MessageMetadata = BaseMetadata & { type: MemoryType.MESSAGE };

export type DescriptionMetadata = BaseMetadata & { type: MemoryType.DESCRIPTION };

export type CustomMetadata = BaseMetadata & { [key: string]: unknown };

/** A message memory: message metadata and text always set. */
export interface MessageMemory extends Memory {
  metadata: MessageMetadata;
  content: Content & { text: string };
}

/** A memory handed to the knowledge system. */
export interface KnowledgeItem {
  id: UUID;
  content: Content;
  metadata?: MemoryMetadata;
}

export type { Metadata };
