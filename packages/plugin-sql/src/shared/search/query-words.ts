/**
 * The distinct words of a free-text query, lower-cased: letters, digits and
 * underscores only (so no query syntax can slip through), single letters
 * dropped unless they are digits.
 */
export function queryWords(text: string): string[] {
  const words = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}_]+/gu)) {
    if (match[0].length > 1 || /\p{N}/u.test(match[0])) words.add(match[0]);
  }
  return [...words];
}
