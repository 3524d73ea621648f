import type { IStreamExtractor } from './stream-extractor';
import { assertChunkSize, capBuffer, scanTagContent } from './tag-content';

/**
 * Streams the text inside one XML tag (`new XmlTagExtractor('text')` for
 * `<response><text>…</text></response>`), as it arrives, tags split across
 * chunks included. Done once the closing tag is seen.
 */
export class XmlTagExtractor implements IStreamExtractor {
  private readonly openTag: string;
  private readonly closeTag: string;
  private buffer = '';
  private insideTag = false;
  private finished = false;

  constructor(tagName: string) {
    this.openTag = `<${tagName}>`;
    this.closeTag = `</${tagName}>`;
  }

  get done(): boolean {
    return this.finished;
  }

  push(chunk: string): string {
    if (this.finished) return '';
    assertChunkSize(chunk);
    this.buffer += chunk;
    if (!this.insideTag) this.buffer = capBuffer(this.buffer);
    const scan = scanTagContent(this.buffer, this.openTag, this.closeTag, this.insideTag);
    this.buffer = scan.buffer;
    this.insideTag = scan.inside;
    if (scan.closed) this.finished = true;
    return scan.content;
  }

  reset(): void {
    this.buffer = '';
    this.insideTag = false;
    this.finished = false;
  }

  /** The text held back inside the tag (a stream cut before its closing tag). */
  flush(): string {
    if (!this.insideTag || this.buffer === '') return '';
    const held = this.buffer;
    this.buffer = '';
    return held;
  }
}
