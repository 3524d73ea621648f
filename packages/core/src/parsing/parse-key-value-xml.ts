import { scanXml, xmlText, type XmlElement } from './xml-scanner';

/** Fields whose value is a comma list in model output. */
const LIST_FIELDS = new Set(['actions', 'providers', 'evaluators']);
/** Fields kept as text even when they hold markup (model prose may contain tags). */
const RAW_FIELDS = new Set(['text', 'thought', 'post', 'reasoning', 'description', 'claim']);
/** Keys that would reach Object.prototype if assigned. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper nesting than this is kept as text rather than recursed into. */
const MAX_DEPTH = 32;

export type XmlValue = string | boolean | string[] | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

/** `facts`/`fact`, `matches`/`match`, `entities`/`entity`. */
function isPluralOf(parent: string, child: string): boolean {
  const p = parent.toLowerCase();
  const c = child.toLowerCase();
  return p === `${c}s` || p === `${c}es` || (c.endsWith('y') && p === `${c.slice(0, -1)}ies`);
}

function toObject(elements: XmlElement[], depth: number): XmlObject {
  const out: XmlObject = {};
  for (const { tag, inner } of elements) {
    if (UNSAFE_KEYS.has(tag)) continue;
    const value = toValue(tag, inner, depth + 1);
    if (!(tag in out)) out[tag] = value;
    else {
      // A repeated tag collects into an array.
      const current = out[tag];
      out[tag] = Array.isArray(current) ? [...current, value] : [current, value];
    }
  }
  return out;
}

function toValue(tag: string, inner: string, depth: number): XmlValue {
  if (RAW_FIELDS.has(tag.toLowerCase()) || depth > MAX_DEPTH) return xmlText(inner);
  const { elements, loose } = scanXml(inner);
  // Plain text, or prose with inline tags: keep it as written.
  if (elements.length === 0 || loose.trim() !== '') return xmlText(inner);
  const first = elements[0].tag;
  const uniform = elements.every((element) => element.tag === first);
  // <facts><fact>..</fact></facts> is a list even with one <fact>.
  if (uniform && (elements.length > 1 || isPluralOf(tag, first))) {
    return elements.map((element) => toValue(element.tag, element.inner, depth + 1));
  }
  return toObject(elements, depth);
}

function isObject(value: XmlValue): value is XmlObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function splitList(value: string): string[] {
  return value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(',')
    .map((item) =>
      item
        .trim()
        .replace(/^["'`]|["'`]$/g, '')
        .trim(),
    )
    .filter((item) => item.length > 0);
}

function finish(result: XmlObject): Record<string, XmlValue> | null {
  if (Object.keys(result).length === 0) return null;
  for (const field of LIST_FIELDS) {
    const value = result[field];
    if (typeof value === 'string') result[field] = splitList(value);
  }
  if (typeof result.simple === 'string') result.simple = result.simple.trim().toLowerCase() === 'true';
  return result;
}

/**
 * Parses the `<response>` block of model output (or, without one, the
 * top-level elements; a lone wrapper element is unwrapped, as elizaOS does)
 * into a plain object. Nested elements become objects, repeated elements
 * arrays, and a plural wrapper (`<facts><fact>..</fact></facts>`) an array
 * even with one item. `actions`, `providers` and `evaluators` become string
 * arrays; `simple` a boolean. Text around the XML, ```xml fences and a
 * truncated ending are tolerated; `<text>` keeps '<3', '&' and inline tags.
 * Never throws: null when nothing parses.
 */
export function parseKeyValueXml(text: unknown): Record<string, XmlValue> | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  try {
    const top = scanXml(text);
    const response = top.elements.find((element) => element.tag.toLowerCase() === 'response');
    if (response) return finish(toObject(scanXml(response.inner).elements, 0));
    if (top.elements.length === 1) {
      const [only] = top.elements;
      const value = toValue(only.tag, only.inner, 0);
      if (isObject(value)) return finish(value);
    }
    return finish(toObject(top.elements, 0));
  } catch {
    return null;
  }
}
