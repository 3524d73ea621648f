import { ContentType, type Content, type UUID } from '../types/primitives';
import { MemoryType, type Memory, type MemoryMetadata } from '../types/memory';

const isKind = (metadata: MemoryMetadata | undefined, kind: MemoryType): boolean => metadata?.type === kind;

export const isDocumentMetadata = (metadata: MemoryMetadata): boolean => isKind(metadata, MemoryType.DOCUMENT);
export const isFragmentMetadata = (metadata: MemoryMetadata): boolean => isKind(metadata, MemoryType.FRAGMENT);
export const isMessageMetadata = (metadata: MemoryMetadata): boolean => isKind(metadata, MemoryType.MESSAGE);
export const isDescriptionMetadata = (metadata: MemoryMetadata): boolean => isKind(metadata, MemoryType.DESCRIPTION);

/** Metadata of none of the built-in kinds (a plugin's own). */
export function isCustomMetadata(metadata: MemoryMetadata): boolean {
  const builtIn: unknown[] = [MemoryType.DOCUMENT, MemoryType.FRAGMENT, MemoryType.MESSAGE, MemoryType.DESCRIPTION];
  return !builtIn.includes(metadata.type);
}

export const isDocumentMemory = (memory: Memory): boolean => isKind(memory.metadata, MemoryType.DOCUMENT);
export const isFragmentMemory = (memory: Memory): boolean => isKind(memory.metadata, MemoryType.FRAGMENT);

/** The memory's text, or `defaultValue` when it has none. */
export function getMemoryText(memory: Memory, defaultValue = ''): string {
  return memory.content.text ?? defaultValue;
}

/** A message memory with elizaOS's defaults: created now, message metadata, private when it names an agent. */
export function createMessageMemory(params: {
  id?: UUID;
  entityId: UUID;
  agentId?: UUID;
  roomId: UUID;
  content: Content & { text: string };
  embedding?: number[];
}): Memory {
  const now = Date.now();
  return {
    ...params,
    createdAt: now,
    metadata: { type: MemoryType.MESSAGE, timestamp: now, scope: params.agentId ? 'private' : 'shared' },
  };
}

/** The attachment kind of a MIME type (image, video, audio, document), undefined for others. */
export function getContentTypeFromMimeType(mimeType: string): ContentType | undefined {
  if (mimeType.startsWith('image/')) return ContentType.IMAGE;
  if (mimeType.startsWith('video/')) return ContentType.VIDEO;
  if (mimeType.startsWith('audio/')) return ContentType.AUDIO;
  if (mimeType.includes('pdf') || mimeType.includes('document') || mimeType.startsWith('text/'))
    return ContentType.DOCUMENT;
  return undefined;
}
