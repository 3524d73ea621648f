import { ContentType } from '../types/primitives';
import { MemoryType } from '../types/memory';
import * as kinds from './index';

describe("elizaOS's memory helpers", () => {
  it('makes message memories and tells kinds apart', () => {
    const memory = kinds.createMessageMemory({
      entityId: '00000000-0000-0000-0000-000000000001',
      agentId: '00000000-0000-0000-0000-000000000002',
      roomId: '00000000-0000-0000-0000-000000000003',
      content: { text: 'hi' },
    });
    expect(memory.metadata).toMatchObject({ type: MemoryType.MESSAGE, scope: 'private' });
    expect(kinds.isMessageMetadata(memory.metadata ?? {})).toBe(true);
    expect(kinds.isCustomMetadata({ type: 'plugin-kind' })).toBe(true);
    expect(kinds.isCustomMetadata({ type: MemoryType.FRAGMENT })).toBe(false);
    expect(kinds.isDocumentMemory({ ...memory, metadata: { type: MemoryType.DOCUMENT } })).toBe(true);
    expect(kinds.getMemoryText(memory)).toBe('hi');
    expect(kinds.getMemoryText({ ...memory, content: {} }, 'none')).toBe('none');
  });

  it('maps MIME types to attachment kinds', () => {
    expect(kinds.getContentTypeFromMimeType('image/png')).toBe(ContentType.IMAGE);
    expect(kinds.getContentTypeFromMimeType('application/pdf')).toBe(ContentType.DOCUMENT);
    expect(kinds.getContentTypeFromMimeType('text/plain')).toBe(ContentType.DOCUMENT);
    expect(kinds.getContentTypeFromMimeType('application/zip')).toBeUndefined();
  });
});
