import JSON5 from 'json5';

/**
 * Reads a list-valued setting written any of the ways people write them:
 * an array, `a, b, c`, or a JSON array (`["a","b"]`, JSON5 quotes allowed).
 * Items are trimmed, stringified and empties dropped; unset gives [].
 */
export function parseListSetting(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return clean(value);
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON5.parse(text);
      if (Array.isArray(parsed)) return clean(parsed);
    } catch {
      // Not valid JSON: treat `[a, b]` as a bracketed comma list below.
    }
    return splitCommaList(text.replace(/^\[|\]$/g, ''))
      .map(unquote)
      .filter((item) => item.length > 0);
  }
  return splitCommaList(text);
}

function clean(items: unknown[]): string[] {
  return items
    .filter((item) => item !== undefined && item !== null && typeof item !== 'object')
    .map((item) => String(item).trim())
    .filter((item) => item.length > 0);
}

function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function unquote(item: string): string {
  return item.replace(/^["'`]|["'`]$/g, '').trim();
}
