import type { StreamChunkCallback } from '@kith/core';

const OPEN = '<text>';
const CLOSE = '</text>';
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'" };

function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Forwards only the reply inside `<text>…</text>` of a streamed
 * message-handler response, decoded, as it arrives. A tag or entity split
 * across chunks is held back until it is complete, so the client never sees
 * markup.
 */
export function createReplyTextStreamer(onChunk: StreamChunkCallback): (chunk: string) => Promise<void> {
  let buffer = '';
  let state: 'before' | 'inside' | 'after' = 'before';
  return async (chunk: string) => {
    if (state === 'after') return;
    buffer += chunk;
    if (state === 'before') {
      const start = buffer.indexOf(OPEN);
      if (start < 0) {
        buffer = buffer.slice(-(OPEN.length - 1));
        return;
      }
      buffer = buffer.slice(start + OPEN.length);
      state = 'inside';
    }
    const end = buffer.indexOf(CLOSE);
    let ready: string;
    if (end >= 0) {
      ready = buffer.slice(0, end);
      buffer = '';
      state = 'after';
    } else {
      // Keep back what could be the start of </text> or of an entity.
      let keep = 0;
      for (let n = Math.min(CLOSE.length - 1, buffer.length); n > 0; n--) {
        if (CLOSE.startsWith(buffer.slice(-n))) {
          keep = n;
          break;
        }
      }
      const amp = buffer.lastIndexOf('&');
      if (amp >= 0 && !buffer.slice(amp).includes(';') && buffer.length - amp <= 6)
        keep = Math.max(keep, buffer.length - amp);
      ready = buffer.slice(0, buffer.length - keep);
      buffer = buffer.slice(buffer.length - keep);
    }
    if (ready) await onChunk(decode(ready));
  };
}
