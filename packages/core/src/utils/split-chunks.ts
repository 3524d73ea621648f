import { splitIntoChunks } from './split-into-chunks';

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
