import { XMLParser } from 'fast-xml-parser';

/** Fields whose value is a comma list in model output. */
const LIST_FIELDS = new Set(['actions', 'providers', 'evaluators']);
/** Fields whose inner markup is kept verbatim (model prose may contain '<'). */
const RAW_FIELDS = ['text', 'thought', 'post', 'reasoning', 'description', 'claim'];

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  stopNodes: RAW_FIELDS.map((name) => `*.${name}`),
});

export type XmlValue = string | boolean | string[] | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

/**
 * Parses the `<response>` block (or the first element) of model output into a
 * plain object. Nested elements become objects; a wrapper of repeated
 * elements (`<facts><fact/>...</facts>`) becomes an array; `actions` and
 * `providers` become string arrays. Never throws: null when nothing parses.
 */
export function parseKeyValueXml(text: unknown): Record<string, XmlValue> | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  try {
    const xml = extractXmlBlock(text);
    if (!xml) return null;
    return parseStrict(xml) ?? parseLenient(xml);
  } catch {
    return null;
  }
}

function extractXmlBlock(text: string): string | null {
  const unfenced = text.replace(/```(?:xml)?/gi, '');
  const response = /<response>([\s\S]*?)<\/response>/i.exec(unfenced);
  if (response) return response[1];
  const first = /<([A-Za-z_][\w.-]*)>([\s\S]*)<\/\1>/.exec(unfenced);
  return first ? first[0] : null;
}

function parseStrict(xml: string): Record<string, XmlValue> | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(`<root>${xml}</root>`, true);
  } catch {
    return null;
  }
  const root = (parsed as { root?: unknown }).root;
  if (!isObject(root)) return null;
  const result = normalise(root, '') as XmlObject;
  return Object.keys(result).length > 0 ? finish(result) : null;
}

/** Fallback for malformed XML: top-level `<key>value</key>` pairs by regex. */
function parseLenient(xml: string): Record<string, XmlValue> | null {
  const result: XmlObject = {};
  const pattern = /<([A-Za-z_][\w-]*)>([\s\S]*?)<\/\1>/g;
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    result[match[1]] = decodeEntities(match[2].trim());
  }
  return Object.keys(result).length > 0 ? finish(result) : null;
}

function normalise(value: unknown, key: string): XmlValue {
  if (Array.isArray(value)) return value.map((item) => normalise(item, key));
  if (!isObject(value)) return value === undefined || value === null ? '' : String(value);
  const entries = Object.entries(value);
  // <facts><fact>a</fact><fact>b</fact></facts> → facts: [a, b]
  if (entries.length === 1) {
    const [childKey, childValue] = entries[0];
    if (Array.isArray(childValue) || key === `${childKey}s` || key === `${childKey}es`) {
      const items = Array.isArray(childValue) ? childValue : [childValue];
      return items.map((item) => normalise(item, childKey));
    }
  }
  const out: XmlObject = {};
  for (const [childKey, childValue] of entries) {
    if (childKey === '#text') continue;
    out[childKey] = normalise(childValue, childKey);
  }
  return out;
}

function finish(result: XmlObject): Record<string, XmlValue> {
  for (const field of LIST_FIELDS) {
    const value = result[field];
    if (typeof value === 'string') result[field] = splitList(value);
  }
  if (typeof result.simple === 'string') result.simple = result.simple.trim().toLowerCase() === 'true';
  return result;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
