import type { IStreamExtractor } from './stream-extractor';
import { assertChunkSize, capBuffer, scanTagContent } from './tag-content';

type ContentType = 'json' | 'xml' | 'text';

/**
 * Filters what an action's model call streams, by the first non-blank
 * character: JSON (`{`, `[`) is data for the action and never streamed, XML
 * (`<`) streams its `<text>`, anything else streams as it comes.
 */
export class ActionStreamFilter implements IStreamExtractor {
  private buffer = '';
  private contentType: ContentType | null = null;
  private insideTextTag = false;
  private finished = false;

  get done(): boolean {
    return this.finished;
  }

  reset(): void {
    this.buffer = '';
    this.contentType = null;
    this.insideTextTag = false;
    this.finished = false;
  }

  /** The text held back inside `<text>` of an XML reply. */
  flush(): string {
    if (this.contentType !== 'xml' || !this.insideTextTag || this.buffer === '') return '';
    const held = this.buffer;
    this.buffer = '';
    return held;
  }

  push(chunk: string): string {
    assertChunkSize(chunk);
    this.buffer += chunk;
    this.contentType ??= detectContentType(this.buffer);
    switch (this.contentType) {
      case 'text': {
        const text = this.buffer;
        this.buffer = '';
        return text;
      }
      case 'xml':
        return this.pushXml();
      default:
        // JSON, or only whitespace so far.
        return '';
    }
  }

  private pushXml(): string {
    const scan = scanTagContent(this.buffer, '<text>', '</text>', this.insideTextTag);
    this.buffer = scan.buffer;
    this.insideTextTag = scan.inside;
    if (scan.closed) this.finished = true;
    else if (!scan.inside) this.buffer = capBuffer(this.buffer, 1024, 1024);
    return scan.content;
  }
}

function detectContentType(buffer: string): ContentType | null {
  const first = buffer.trimStart()[0];
  if (first === undefined) return null;
  if (first === '{' || first === '[') return 'json';
  return first === '<' ? 'xml' : 'text';
}
