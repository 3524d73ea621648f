/** A word of the input, before the script's substitutions, or a clause delimiter. */
export type InputToken =
  { readonly kind: 'word'; readonly key: string; readonly display: string } | { readonly kind: 'delimiter' };

const DELIMITER = /^(?:[,;:!?]+|\.+)$/;
// Punctuation that ends a clause; a period inside a word ("3.5", "e.g") does not.
const SPLIT = /([,;:!?]+|\.+(?![\p{L}\p{N}]))/u;
const EDGE_PUNCTUATION = /^["'`()[\]{}*_~]+|["'`()[\]{}*_~]+$/g;

/**
 * Splits input into words and delimiters. Keys are upper case (the script's
 * alphabet); displays keep the user's spelling, except that a capital forced
 * by sentence position is dropped so it does not appear mid-reply, and an
 * all-capitals input is shown in lower case.
 */
export function tokenizeInput(text: string): InputToken[] {
  const normalised = text.replace(/[\u2018\u2019\u02BC\u2032]/g, "'").replace(/[\u201C\u201D\u00AB\u00BB]/g, '"');
  const shouting = !/\p{Ll}/u.test(normalised);
  const tokens: InputToken[] = [];
  let sentenceStart = true;
  for (const chunk of normalised.split(/\s+/)) {
    for (const piece of chunk.split(SPLIT)) {
      if (piece === '') continue;
      if (DELIMITER.test(piece)) {
        if (tokens.length > 0 && tokens[tokens.length - 1].kind !== 'delimiter') tokens.push({ kind: 'delimiter' });
        sentenceStart = true;
        continue;
      }
      const word = piece.replace(EDGE_PUNCTUATION, '');
      if (word === '') continue;
      const key = word.toUpperCase();
      tokens.push({ kind: 'word', key, display: displayOf(word, key, shouting, sentenceStart) });
      sentenceStart = false;
    }
  }
  return tokens;
}

function displayOf(word: string, key: string, shouting: boolean, sentenceStart: boolean): string {
  if (shouting) return word.toLowerCase();
  // "Computers are ..." → "computers"; "NASA", "I" and "McDonald" keep their capitals.
  if (sentenceStart && key !== 'I' && /^\p{Lu}[\p{Ll}'-]*$/u.test(word)) return word.toLowerCase();
  return word;
}
