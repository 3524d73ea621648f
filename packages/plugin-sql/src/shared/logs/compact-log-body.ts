/** Strings longer than this are cut (prompts, responses, state dumps). */
export const MAX_LOG_STRING = 160;
/** Of a cut string, this much is kept. */
const KEPT_CHARS = 120;
/** Arrays longer than this keep their first items (embeddings, message lists). */
export const MAX_LOG_ARRAY = 16;
const MAX_DEPTH = 5;
/** A body still longer than this (as JSON) keeps only its top-level scalars. */
export const MAX_LOG_BODY_CHARS = 2048;

function compactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length <= MAX_LOG_STRING
      ? value
      : `${value.slice(0, KEPT_CHARS)}…[+${value.length - KEPT_CHARS} chars]`;
  }
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint'
      ? value.toString()
      : typeof value === 'function' || typeof value === 'symbol'
        ? undefined
        : value;
  }
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '…[nested]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_LOG_ARRAY).map((item) => compactValue(item, depth + 1) ?? null);
    if (value.length > MAX_LOG_ARRAY) kept.push(`…[+${value.length - MAX_LOG_ARRAY} items]`);
    return kept;
  }
  if (ArrayBuffer.isView(value)) return `…[${value.byteLength} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const compacted = compactValue(item, depth + 1);
    if (compacted !== undefined) out[key] = compacted;
  }
  return out;
}

/**
 * The body the logs table keeps unless LOG_PROMPTS_TO_DB=true: long strings
 * cut to their first 120 characters (marked with how much was left out),
 * long arrays to their first 16 items, deep nesting and binary data
 * replaced by markers; a body still over 2 KB keeps only its top-level
 * scalars and lists the keys it dropped. Run events and model usage (ids,
 * types, providers, token counts, durations) pass through unchanged;
 * elizaOS-style bodies carrying whole prompts and responses shrink from
 * tens of KB to a few hundred bytes.
 */
export function compactLogBody(body: Record<string, unknown>): Record<string, unknown> {
  const compacted = compactValue(body, 0) as Record<string, unknown>;
  return JSON.stringify(compacted).length <= MAX_LOG_BODY_CHARS ? compacted : scalarsOf(compacted);
}

/** compactLogBody as the JSON text the logs table stores, serialised once. */
export function compactLogBodyJson(body: Record<string, unknown>): string {
  const compacted = compactValue(body, 0) as Record<string, unknown>;
  const json = JSON.stringify(compacted);
  return json.length <= MAX_LOG_BODY_CHARS ? json : JSON.stringify(scalarsOf(compacted));
}

function scalarsOf(compacted: Record<string, unknown>): Record<string, unknown> {
  const scalars: Record<string, unknown> = {};
  const omittedKeys: string[] = [];
  for (const [key, value] of Object.entries(compacted)) {
    if (value === null || typeof value !== 'object') scalars[key] = value;
    else omittedKeys.push(key);
  }
  return { ...scalars, omittedKeys };
}
