/** elizaOS sizes chunks in tokens and converts at this many characters per token. */
const CHARS_PER_TOKEN = 3.5;

interface Span {
  start: number;
  end: number;
}

/** Word spans, with words longer than `max` cut into `max`-sized pieces. */
function wordSpans(content: string, max: number): Span[] {
  const spans: Span[] = [];
  for (const match of content.matchAll(/\S+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    for (let from = start; from < end; from += max) spans.push({ start: from, end: Math.min(end, from + max) });
  }
  return spans;
}

/**
 * Splits text for embedding into chunks of about `chunkSize` tokens
 * (~3.5 characters each) on word boundaries; consecutive chunks share about
 * `bleed` tokens of words so a sentence cut at a boundary is still whole in
 * one of them. Whitespace inside a chunk is kept as written.
 */
export async function splitChunks(content: string, chunkSize = 512, bleed = 20): Promise<string[]> {
  const maxChars = Math.max(1, Math.floor(chunkSize * CHARS_PER_TOKEN));
  const overlapChars = Math.max(0, Math.floor(bleed * CHARS_PER_TOKEN));
  const spans = wordSpans(content, maxChars);
  const chunks: string[] = [];
  let first = 0;
  while (first < spans.length) {
    const start = spans[first].start;
    let last = first;
    while (last + 1 < spans.length && spans[last + 1].end - start <= maxChars) last += 1;
    chunks.push(content.slice(start, spans[last].end));
    if (last === spans.length - 1) break;
    // Start the next chunk at the earliest word that keeps the overlap within `bleed`.
    let next = last + 1;
    while (next - 1 > first && spans[last].end - spans[next - 1].start <= overlapChars) next -= 1;
    first = next;
  }
  return chunks;
}
