/**
 * Turns free text into an FTS5 query: each word quoted (so FTS syntax in
 * the text cannot break the query) and OR-ed, so BM25 ranks by how many and
 * how rare the matched words are. Null when the text has no words.
 */
export function toFtsQuery(text: string): string | null {
  const words = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}_]+/gu)) {
    if (match[0].length > 1 || /\p{N}/u.test(match[0])) words.add(match[0]);
  }
  if (words.size === 0) return null;
  return [...words].map((word) => `"${word}"`).join(' OR ');
}
