import { splitIntoChunks } from './split-into-chunks';

describe('splitIntoChunks', () => {
  it('keeps a short document whole', () => {
    expect(splitIntoChunks('  One paragraph.  ')).toEqual(['One paragraph.']);
    expect(splitIntoChunks('')).toEqual([]);
  });

  it('packs paragraphs up to the size and never exceeds it', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} says something about topic ${i}.`);
    const chunks = splitIntoChunks(paragraphs.join('\n\n'), { chunkSize: 200, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(200);
    expect(chunks.join('\n\n')).toBe(paragraphs.join('\n\n'));
  });

  it('splits a long paragraph at sentences and repeats an overlap', () => {
    const sentences = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} is here.`);
    const chunks = splitIntoChunks(sentences.join(' '), { chunkSize: 120, overlap: 40 });
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120);
    // Every sentence survives somewhere, and each chunk after the first starts with the previous one's tail.
    for (const sentence of sentences) expect(chunks.some((c) => c.includes(sentence))).toBe(true);
    for (let i = 1; i < chunks.length; i++) {
      const firstWords = chunks[i].split(' ').slice(0, 2).join(' ');
      expect(chunks[i - 1]).toContain(firstWords);
    }
  });

  it('cuts a run without spaces', () => {
    const chunks = splitIntoChunks('x'.repeat(130), { chunkSize: 50, overlap: 0 });
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 30]);
  });
});
