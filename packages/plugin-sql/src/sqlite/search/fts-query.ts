import { queryWords } from '../../shared/search/query-words';

/**
 * Turns free text into an FTS5 query: each word quoted (so FTS syntax in
 * the text cannot break the query) and OR-ed, so BM25 ranks by how many and
 * how rare the matched words are. Null when the text has no words.
 */
export function toFtsQuery(text: string): string | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"`).join(' OR ');
}
