import { PassthroughExtractor } from './passthrough-extractor';
import { StreamError } from './stream-error';
import { XmlTagExtractor } from './xml-tag-extractor';

/** Feeds every chunk and returns what each push released. */
function feed(extractor: { push(chunk: string): string }, chunks: string[]): string[] {
  return chunks.map((chunk) => extractor.push(chunk));
}

describe('XmlTagExtractor', () => {
  it('streams the text inside the tag, holding back the last 10 characters until the tag closes', () => {
    const extractor = new XmlTagExtractor('text');
    expect(extractor.push('<response><text>Hello world, ')).toBe('Hel');
    expect(extractor.done).toBe(false);
    expect(extractor.push('this streams.</text></response>')).toBe('lo world, this streams.');
    expect(extractor.done).toBe(true);
    expect(extractor.push('<text>more</text>')).toBe('');
  });

  it('finds opening and closing tags split across chunks, one character at a time', () => {
    const input = '<thought>skip me</thought><text>Split tags still stream whole.</text><actions>REPLY</actions>';
    const extractor = new XmlTagExtractor('text');
    const out = feed(extractor, [...input]).join('');
    expect(out).toBe('Split tags still stream whole.');
    expect(extractor.done).toBe(true);
  });

  it('never releases part of a closing tag split across chunks', () => {
    const extractor = new XmlTagExtractor('text');
    const released = feed(extractor, ['<text>abcdefghijklmnop</te', 'xt>']);
    expect(released).toEqual(['abcdefghij', 'klmnop']);
    expect(released.join('')).not.toContain('<');
  });

  it('flush returns the held-back text of a stream cut before the closing tag; reset starts over', () => {
    const extractor = new XmlTagExtractor('text');
    expect(extractor.push('<text>cut off mid sentence')).toBe('cut off mi');
    expect(extractor.flush()).toBe('d sentence');
    expect(extractor.flush()).toBe('');
    extractor.reset();
    expect(extractor.done).toBe(false);
    expect(extractor.push('no tag yet')).toBe('');
    expect(extractor.flush()).toBe('');
  });

  it('a chunk over 1 MiB raises a StreamError CHUNK_TOO_LARGE', () => {
    const extractor = new XmlTagExtractor('text');
    let caught: unknown;
    try {
      extractor.push('x'.repeat(1024 * 1024 + 1));
    } catch (error) {
      caught = error;
    }
    expect(StreamError.isStreamError(caught)).toBe(true);
    expect(caught).toMatchObject({ name: 'StreamError', code: 'CHUNK_TOO_LARGE', details: { maxAllowed: 1048576 } });
    expect(StreamError.isStreamError(new Error('x'))).toBe(false);
  });
});

describe('PassthroughExtractor', () => {
  it('streams every chunk unchanged and is never done', () => {
    const extractor = new PassthroughExtractor();
    expect(feed(extractor, ['<a>', 'b'])).toEqual(['<a>', 'b']);
    expect(extractor.done).toBe(false);
  });
});
