/** Parsed JSON text; `fallback` for null or empty text. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  return JSON.parse(text) as T;
}
