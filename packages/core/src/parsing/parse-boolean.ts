const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1', 'enable', 'enabled']);

/** Lenient boolean reading of settings and model output; never throws. */
export function parseBooleanFromText(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  return TRUE_WORDS.has(value.trim().toLowerCase());
}
