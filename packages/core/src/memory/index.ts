// elizaOS's helpers for memories: kinds, text, message memories, attachment types.
export {
  createMessageMemory,
  getContentTypeFromMimeType,
  getMemoryText,
  isCustomMetadata,
  isDescriptionMetadata,
  isDocumentMemory,
  isDocumentMetadata,
  isFragmentMemory,
  isFragmentMetadata,
  isMessageMetadata,
} from './memory-kinds';
