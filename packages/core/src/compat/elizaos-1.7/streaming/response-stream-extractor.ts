import type { IStreamExtractor } from './stream-extractor';
import { assertChunkSize, capBuffer, SAFE_MARGIN } from './tag-content';

type ResponseStrategy = 'pending' | 'direct' | 'delegated';

/**
 * Streams the `<text>` of an XML reply only when its `<actions>` is exactly
 * REPLY: another action writes its own reply (through ActionStreamFilter), so
 * the planner's text is skipped. Until `<actions>` is closed nothing is
 * streamed. For a plain tag without action routing use XmlTagExtractor.
 */
export class ResponseStreamExtractor implements IStreamExtractor {
  private static readonly STREAM_TAGS = ['text'] as const;
  private buffer = '';
  private insideTag = false;
  private currentTag: string | null = null;
  private finished = false;
  private responseStrategy: ResponseStrategy = 'pending';

  get done(): boolean {
    return this.finished;
  }

  reset(): void {
    this.buffer = '';
    this.insideTag = false;
    this.currentTag = null;
    this.finished = false;
    this.responseStrategy = 'pending';
  }

  /** The text held back inside `<text>` (a stream cut before `</text>`). */
  flush(): string {
    if (!this.insideTag || this.buffer === '') return '';
    const held = this.buffer;
    this.buffer = '';
    return held;
  }

  push(chunk: string): string {
    assertChunkSize(chunk);
    this.buffer += chunk;
    if (this.responseStrategy === 'pending') this.detectResponseStrategy();
    if (!this.insideTag) this.enterStreamTag();
    if (!this.insideTag || this.currentTag === null) {
      this.buffer = capBuffer(this.buffer);
      return '';
    }
    const close = `</${this.currentTag}>`;
    const end = this.buffer.indexOf(close);
    if (end !== -1) {
      const content = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + close.length);
      this.insideTag = false;
      this.currentTag = null;
      this.finished = true;
      return content;
    }
    if (this.buffer.length <= SAFE_MARGIN) return '';
    const released = this.buffer.slice(0, -SAFE_MARGIN);
    this.buffer = this.buffer.slice(-SAFE_MARGIN);
    return released;
  }

  /** Moves past the opening of a tag worth streaming; a complete tag not worth it is dropped. */
  private enterStreamTag(): void {
    for (const tag of ResponseStreamExtractor.STREAM_TAGS) {
      const open = `<${tag}>`;
      const start = this.buffer.indexOf(open);
      if (start === -1) continue;
      if (!this.shouldStreamTag(tag)) {
        const close = `</${tag}>`;
        const end = this.buffer.indexOf(close);
        if (end === -1) return;
        this.buffer = this.buffer.slice(end + close.length);
        continue;
      }
      this.insideTag = true;
      this.currentTag = tag;
      this.buffer = this.buffer.slice(start + open.length);
      return;
    }
  }

  /** Reads a closed `<actions>` (indexOf, no regular expression on model output). */
  private detectResponseStrategy(): void {
    const open = '<actions>';
    const start = this.buffer.indexOf(open);
    if (start === -1) return;
    const end = this.buffer.indexOf('</actions>', start + open.length);
    if (end === -1) return;
    const actions = this.buffer
      .slice(start + open.length, end)
      .split(',')
      .map((action) => action.trim().toUpperCase())
      .filter(Boolean);
    this.responseStrategy = actions.length === 1 && actions[0] === 'REPLY' ? 'direct' : 'delegated';
  }

  private shouldStreamTag(tag: string): boolean {
    return tag === 'text' && this.responseStrategy === 'direct';
  }
}
