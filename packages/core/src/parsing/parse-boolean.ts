const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', 'on', '1', 'enable', 'enabled']);

/**
 * Lenient boolean reading of settings and model output; never throws.
 * Surrounding quotes, markdown emphasis and trailing punctuation are ignored,
 * since models answer booleanFooter with "YES." or "**Yes**".
 */
export function parseBooleanFromText(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  const word = value
    .trim()
    .toLowerCase()
    .replace(/^["'`*_\s]+|["'`*_.!\s]+$/g, '');
  return TRUE_WORDS.has(word);
}
