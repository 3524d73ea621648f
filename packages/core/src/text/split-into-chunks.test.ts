import { splitChunks, splitIntoChunks } from './split-into-chunks';

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

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('splitChunks', () => {
  it('returns one chunk for short text and none for blank text', async () => {
    expect(await splitChunks('hello world')).toEqual(['hello world']);
    expect(await splitChunks('')).toEqual([]);
    expect(await splitChunks('  \n ')).toEqual([]);
  });

  it('keeps chunks within chunkSize * 3.5 characters', async () => {
    const chunks = await splitChunks(words(500), 20, 2);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(70);
  });

  it('splits on word boundaries', async () => {
    const text = words(300);
    const all = new Set(text.split(' '));
    for (const chunk of await splitChunks(text, 10, 2)) {
      for (const word of chunk.split(' ')) expect(all.has(word)).toBe(true);
    }
  });

  it('overlaps consecutive chunks by about `bleed` tokens', async () => {
    const chunks = await splitChunks(words(200), 20, 5);
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1].split(' ');
      const current = chunks[i].split(' ');
      // The current chunk starts with the tail of the previous one.
      const from = previous.indexOf(current[0]);
      expect(from).toBeGreaterThan(0);
      const tail = previous.slice(from);
      expect(current.slice(0, tail.length)).toEqual(tail);
      expect(tail.join(' ').length).toBeLessThanOrEqual(Math.floor(5 * 3.5));
    }
  });

  it('covers the whole text in order without overlap when bleed is 0', async () => {
    const text = words(120);
    const chunks = await splitChunks(text, 15, 0);
    expect(chunks.join(' ')).toBe(text);
  });

  it('hard-splits a word longer than a chunk', async () => {
    const chunks = await splitChunks(`start ${'x'.repeat(30)} end`, 2, 0);
    expect(chunks.every((chunk) => chunk.length <= 7)).toBe(true);
    expect(chunks.join('').replace(/\s/g, '')).toBe(`start${'x'.repeat(30)}end`);
  });

  it('keeps whitespace inside a chunk as written', async () => {
    expect(await splitChunks('line one\n\nline two')).toEqual(['line one\n\nline two']);
  });

  it('uses elizaOS defaults (512 tokens, 20 bleed)', async () => {
    const chunks = await splitChunks(words(1000));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(1792);
  });
});
