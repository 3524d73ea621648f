import JSON5 from 'json5';

/**
 * Parses the first JSON object in model output with JSON5, so trailing
 * commas, single quotes, unquoted keys and ```json fences are accepted.
 * Returns null when no object parses; never throws.
 */
export function parseJSONObjectFromText(text: unknown): Record<string, unknown> | null {
  const value = parseJsonValue(text, '{', '}');
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Same as parseJSONObjectFromText for a top-level array. */
export function parseJsonArrayFromText(text: unknown): unknown[] | null {
  const value = parseJsonValue(text, '[', ']');
  return Array.isArray(value) ? value : null;
}

function parseJsonValue(text: unknown, open: string, close: string): unknown {
  if (typeof text !== 'string') return null;
  const fenced = /```(?:json5?|javascript)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = fenced ? [fenced[1], text] : [text];
  for (const candidate of candidates) {
    const start = candidate.indexOf(open);
    const end = candidate.lastIndexOf(close);
    if (start === -1 || end <= start) continue;
    try {
      return JSON5.parse(candidate.slice(start, end + 1));
    } catch {
      // try the next candidate
    }
  }
  return null;
}
