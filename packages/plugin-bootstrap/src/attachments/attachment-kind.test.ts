import type { Media } from '@kith/core';
import { attachmentKind, fileNameOf, isTextMediaType } from './attachment-kind';
import { truncate } from './read-text-document';
import { redactUrl } from './redact-url';

const media = (url: string, contentType?: string): Media => ({ id: 'm', url, contentType });

describe('attachmentKind', () => {
  it.each([
    ['https://x.test/a', 'image/png', 'image'],
    ['https://x.test/a', 'image', 'image'],
    ['data:image/png;base64,AAAA', undefined, 'image'],
    ['https://x.test/photo.JPEG', undefined, 'image'],
    ['https://x.test/photo.webp?size=large', 'document', 'image'],
    ['https://x.test/a', 'text/plain; charset=utf-8', 'text'],
    ['https://x.test/a', 'text/markdown', 'text'],
    ['https://x.test/a', 'application/json', 'text'],
    ['https://x.test/a', 'application/ld+json', 'text'],
    ['https://x.test/notes.md', undefined, 'text'],
    ['https://x.test/notes.txt', 'document', 'text'],
    ['https://x.test/data.csv', 'application/octet-stream', 'text'],
    ['https://x.test/report', 'document', 'document'],
    ['https://x.test/report.pdf', 'document', 'document'],
    ['https://x.test/voice.ogg', 'audio', 'other'],
    ['https://x.test/clip.mp4', 'video/mp4', 'other'],
    ['https://x.test/notes.txt', 'video/mp4', 'other'],
    ['https://x.test/page', 'link', 'other'],
    ['not a url', undefined, 'other'],
  ])('%s (%s) is %s', (url, contentType, kind) => {
    expect(attachmentKind(media(url, contentType))).toBe(kind);
  });

  it('recognises text media types with parameters', () => {
    expect(isTextMediaType('Text/Plain; charset=ISO-8859-1')).toBe(true);
    expect(isTextMediaType('text/html')).toBe(false);
    expect(isTextMediaType(undefined)).toBe(false);
  });

  it('takes the file name from the URL path', () => {
    expect(fileNameOf('https://x.test/dir/My%20Notes.txt?x=1')).toBe('My Notes.txt');
    expect(fileNameOf('https://x.test/')).toBeUndefined();
  });
});

describe('truncate', () => {
  it('keeps short text as it is', () => {
    expect(truncate('short', 10)).toEqual({ text: 'short', totalChars: 5, truncated: false });
  });

  it('never splits a surrogate pair', () => {
    const result = truncate('ab😀cd', 3);
    expect(result.truncated).toBe(true);
    expect(result.text.startsWith('ab\n[… truncated: showing the first 2 of 6 characters]')).toBe(true);
  });
});

describe('redactUrl', () => {
  it('drops credentials and shortens long URLs', () => {
    expect(redactUrl('https://user:secret@x.test/a')).toBe('https://x.test/a');
    const shown = redactUrl(`data:text/plain,${'a'.repeat(1000)}`);
    expect(shown.length).toBe(201);
    expect(shown.endsWith('…')).toBe(true);
  });
});
