/**
 * Shortens `text` to at most `maxLength` characters, cutting after the last
 * sentence end (. ! ?) that fits; failing that at the last space with "...";
 * failing that hard with "...".
 */
export function truncateToCompleteSentence(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  if (maxLength <= 3) return text.slice(0, Math.max(0, maxLength));
  const window = text.slice(0, maxLength);
  const sentenceEnd = Math.max(window.lastIndexOf('.'), window.lastIndexOf('!'), window.lastIndexOf('?'));
  if (sentenceEnd > 0) {
    const sentence = window.slice(0, sentenceEnd + 1).trim();
    if (sentence.length > 0) return sentence;
  }
  // Leave room for the ellipsis.
  const space = text.lastIndexOf(' ', maxLength - 3);
  if (space > 0) {
    const words = text.slice(0, space).trim();
    if (words.length > 0) return `${words}...`;
  }
  return `${text.slice(0, maxLength - 3).trim()}...`;
}
