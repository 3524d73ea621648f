import type { ChunkOptions } from '../types/knowledge';

/**
 * Splits a document into chunks of at most `chunkSize` characters at the
 * most natural boundary available: paragraphs, then sentences, then words,
 * then (for a run without spaces) characters. Consecutive chunks share up
 * to `overlap` characters so a fact cut in two is still found whole.
 */
export function splitIntoChunks(text: string, options: ChunkOptions = {}): string[] {
  const size = Math.max(1, options.chunkSize ?? 1_500);
  const overlap = Math.min(Math.max(0, options.overlap ?? 150), Math.floor(size / 2));
  const pieces = toPieces(text.replace(/\r\n?/g, '\n').trim(), size);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current ? `${current}${piece.separator}${piece.text}` : piece.text;
    if (joined.length <= size) {
      current = joined;
      continue;
    }
    if (current) chunks.push(current);
    const tail = overlapTail(current, overlap);
    current = tail && tail.length + 1 + piece.text.length <= size ? `${tail} ${piece.text}` : piece.text;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** elizaOS sizes chunks in tokens and converts at this many characters per token. */
const CHARS_PER_TOKEN = 3.5;

/**
 * elizaOS's splitChunks: chunks of about `chunkSize` tokens (~3.5
 * characters each) that share about `bleed` tokens. Splits at paragraphs,
 * then sentences, then words, as elizaOS's recursive splitter does.
 */
export async function splitChunks(content: string, chunkSize = 512, bleed = 20): Promise<string[]> {
  return splitIntoChunks(content, {
    chunkSize: Math.max(1, Math.floor(chunkSize * CHARS_PER_TOKEN)),
    overlap: Math.max(0, Math.floor(bleed * CHARS_PER_TOKEN)),
  });
}

interface Piece {
  text: string;
  /** What joins this piece to the one before it. */
  separator: string;
}

/** Pieces no longer than `size`, each with the separator it had in the text. */
function toPieces(text: string, size: number): Piece[] {
  const pieces: Piece[] = [];
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const [p, paragraph] of paragraphs.entries()) {
    const separator = p === 0 ? '' : '\n\n';
    if (paragraph.length <= size) {
      pieces.push({ text: paragraph, separator });
      continue;
    }
    const sentences = paragraph
      .match(/[^.!?\n]+(?:[.!?]+|\n|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [paragraph];
    for (const [s, sentence] of sentences.entries()) {
      const sentenceSeparator = s === 0 ? separator : ' ';
      if (sentence.length <= size) {
        pieces.push({ text: sentence, separator: sentenceSeparator });
        continue;
      }
      for (const [w, word] of splitLong(sentence, size).entries())
        pieces.push({ text: word, separator: w === 0 ? sentenceSeparator : ' ' });
    }
  }
  return pieces;
}

/** Words, and hard cuts of any word longer than `size`. */
function splitLong(sentence: string, size: number): string[] {
  const out: string[] = [];
  for (const word of sentence.split(/\s+/).filter(Boolean)) {
    for (let i = 0; i < word.length; i += size) out.push(word.slice(i, i + size));
  }
  return out;
}

/** The last `overlap` characters of a chunk, starting at a word boundary. */
function overlapTail(chunk: string, overlap: number): string {
  if (overlap === 0 || !chunk) return '';
  const tail = chunk.slice(-overlap);
  const space = tail.indexOf(' ');
  return (space >= 0 && chunk.length > overlap ? tail.slice(space + 1) : tail).trim();
}
