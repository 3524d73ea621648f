import type { PatternElement } from './compile-script';
import type { Word } from './word';

/**
 * Matches a decomposition pattern against the whole text. Returns one word
 * list per pattern element (component n is index n - 1), or null. A `0`
 * takes as few words as it can, left to right, as ELIZA's matcher did, so
 * `0 YOUR 0` splits at the first YOUR.
 */
export function matchDecomposition(pattern: readonly PatternElement[], words: readonly Word[]): Word[][] | null {
  const count = pattern.length;
  // Minimum words the rest of the pattern needs: prunes hopeless wildcard splits.
  const needed = new Array<number>(count + 1).fill(0);
  for (let i = count - 1; i >= 0; i--) {
    const element = pattern[i];
    needed[i] = needed[i + 1] + (element.kind === 'wild' ? element.count : 1);
  }
  // Where each element's words end; components are sliced once, on success.
  const ends = new Array<number>(count).fill(0);
  // Suffix matches that already failed: without this, several 0s over a long
  // unpunctuated message would backtrack in cubic time or worse.
  const width = words.length + 1;
  const failed = new Uint8Array((count + 1) * width);

  const matchFrom = (p: number, w: number): boolean => {
    if (p === count) return w === words.length;
    if (words.length - w < needed[p] || failed[p * width + w] === 1) return false;
    if (matchElement(p, w)) return true;
    failed[p * width + w] = 1;
    return false;
  };

  const matchElement = (p: number, w: number): boolean => {
    const element = pattern[p];
    if (element.kind === 'wild') {
      if (element.count > 0) {
        ends[p] = w + element.count;
        return matchFrom(p + 1, ends[p]);
      }
      for (let end = w; end <= words.length - needed[p + 1]; end++) {
        ends[p] = end;
        if (matchFrom(p + 1, end)) return true;
      }
      return false;
    }
    if (!elementMatches(element, words[w])) return false;
    ends[p] = w + 1;
    return matchFrom(p + 1, w + 1);
  };

  if (!matchFrom(0, 0)) return null;
  return ends.map((end, index) => words.slice(index === 0 ? 0 : ends[index - 1], end));
}

function elementMatches(element: Exclude<PatternElement, { kind: 'wild' }>, word: Word): boolean {
  switch (element.kind) {
    case 'word':
      return word.key === element.word;
    case 'any':
      return element.words.has(word.key);
    case 'tag':
      return element.tags.some((tag) => word.tags.includes(tag));
  }
}
