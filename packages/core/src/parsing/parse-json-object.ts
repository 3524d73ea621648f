import JSON5 from 'json5';

/** Start positions tried per source; bounds the work on brace-heavy prose. */
const MAX_ATTEMPTS = 64;

/**
 * The end index of the bracket group opening at `start`, skipping brackets
 * inside quoted strings; -1 when it never closes.
 */
function matchingClose(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === open) {
      depth += 1;
    } else if (char === close) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Fenced blocks first (the model's intended answer), then the whole text. */
function sources(text: string): string[] {
  const fenced = [...text.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g)].map((match) => match[1]);
  return [...fenced, text];
}

function tryParse(candidate: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON5.parse(candidate) };
  } catch {
    return { ok: false };
  }
}

/**
 * The first `open`…`close` group in model output that parses as JSON5 and
 * passes `accept`. Tries each balanced group in turn, so prose such as
 * "use {curly} braces" before the JSON does not hide it; as a last resort the
 * span from the first `open` to the last `close`.
 */
function findJson<T>(text: unknown, open: string, close: string, accept: (value: unknown) => value is T): T | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  try {
    for (const source of sources(text)) {
      let attempts = 0;
      for (
        let start = source.indexOf(open);
        start !== -1 && attempts < MAX_ATTEMPTS;
        start = source.indexOf(open, start + 1)
      ) {
        attempts += 1;
        const end = matchingClose(source, start, open, close);
        if (end === -1) continue;
        const parsed = tryParse(source.slice(start, end + 1));
        if (parsed.ok && accept(parsed.value)) return parsed.value;
      }
      const first = source.indexOf(open);
      const last = source.lastIndexOf(close);
      if (first !== -1 && last > first) {
        const parsed = tryParse(source.slice(first, last + 1));
        if (parsed.ok && accept(parsed.value)) return parsed.value;
      }
    }
  } catch {
    // Defensive: parsing model output must never throw.
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses the first JSON object in model output with JSON5, so trailing
 * commas, single quotes, unquoted keys, comments and ```json fences are
 * accepted. Returns null when no object parses; never throws.
 */
export function parseJSONObjectFromText(text: unknown): Record<string, unknown> | null {
  return findJson(text, '{', '}', isRecord);
}

/** Same as parseJSONObjectFromText for an array. */
export function parseJsonArrayFromText(text: unknown): unknown[] | null {
  return findJson(text, '[', ']', Array.isArray);
}
