import { StreamError } from './stream-error';

/** Characters held back inside a tag, so a closing tag split across chunks is never streamed. */
export const SAFE_MARGIN = 10;
/** Text kept while waiting for an opening tag grows to at most this before its head is dropped. */
export const MAX_BUFFER = 100 * 1024;
export const MAX_CHUNK_SIZE = 1024 * 1024;

export interface TagScan {
  /** Text to stream now. */
  content: string;
  /** The closing tag was found. */
  closed: boolean;
  /** What remains to be scanned with the next chunk. */
  buffer: string;
  inside: boolean;
}

/**
 * Scans `buffer` for the text between `open` and `close`: once inside, all
 * but the last SAFE_MARGIN characters are released, the rest waits for the
 * next chunk (it may be the start of the closing tag).
 */
export function scanTagContent(buffer: string, open: string, close: string, inside: boolean): TagScan {
  let rest = buffer;
  if (!inside) {
    const start = rest.indexOf(open);
    if (start === -1) return { content: '', closed: false, buffer: rest, inside: false };
    rest = rest.slice(start + open.length);
  }
  const end = rest.indexOf(close);
  if (end !== -1)
    return { content: rest.slice(0, end), closed: true, buffer: rest.slice(end + close.length), inside: false };
  if (rest.length <= SAFE_MARGIN) return { content: '', closed: false, buffer: rest, inside: true };
  return { content: rest.slice(0, -SAFE_MARGIN), closed: false, buffer: rest.slice(-SAFE_MARGIN), inside: true };
}

export function assertChunkSize(chunk: string): void {
  if (chunk.length > MAX_CHUNK_SIZE) {
    throw new StreamError('CHUNK_TOO_LARGE', `Chunk size ${chunk.length} exceeds maximum allowed ${MAX_CHUNK_SIZE}`, {
      chunkSize: chunk.length,
      maxAllowed: MAX_CHUNK_SIZE,
    });
  }
}

/** Keeps the tail of a buffer that outgrew `maxSize` (text before any tag is never streamed). */
export function capBuffer(buffer: string, maxSize = MAX_BUFFER, keep = 1024): string {
  return buffer.length > maxSize ? buffer.slice(-keep) : buffer;
}
