/** One element found by the scanner: its tag name and raw inner markup. */
export interface XmlElement {
  tag: string;
  inner: string;
}

/** The direct children of a fragment and the text between them. */
export interface XmlScan {
  elements: XmlElement[];
  /** Text outside the child elements (prose, stray '<'), for mixed-content checks. */
  loose: string;
}

const START_TAG = /<([A-Za-z_][\w.:-]*)(?:\s[^<>]*?)?(\/?)>/y;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiled once per tag name: compiling it for every element cost more than the scan itself. */
const tagPatterns = new Map<string, RegExp>();
const MAX_TAG_PATTERNS = 256;

/** Matches `<tag ...>` and `</tag>`; global, so callers set lastIndex (findClose runs to completion before any other use). */
function tagPattern(tag: string): RegExp {
  let pattern = tagPatterns.get(tag);
  if (!pattern) {
    pattern = new RegExp(`<(/?)${escapeRegExp(tag)}(?=[\\s/>])[^<>]*>`, 'g');
    if (tagPatterns.size >= MAX_TAG_PATTERNS) tagPatterns.clear();
    tagPatterns.set(tag, pattern);
  }
  return pattern;
}

/**
 * Index range of the `</tag>` matching an open tag whose content starts at
 * `from`, counting nested same-name tags. When the nesting never balances
 * (prose such as "use the <text> tag" inside <text>), the first `</tag>`
 * wins; null only when there is no `</tag>` at all.
 */
function findClose(input: string, tag: string, from: number): { start: number; end: number } | null {
  const pattern = tagPattern(tag);
  pattern.lastIndex = from;
  let depth = 1;
  let firstClose: { start: number; end: number } | null = null;
  for (let match = pattern.exec(input); match; match = pattern.exec(input)) {
    if (match[1] === '/') {
      const range = { start: match.index, end: match.index + match[0].length };
      firstClose ??= range;
      depth -= 1;
      if (depth === 0) return range;
    } else if (!match[0].endsWith('/>')) {
      depth += 1;
    }
  }
  return firstClose;
}

/**
 * Splits model-written markup into its direct child elements. Tolerant by
 * design: a '<' that does not start a tag ("I <3 you", "1 < 2") is text, an
 * element that is never closed is text, comments and declarations are
 * skipped, CDATA is text. Never throws.
 */
export function scanXml(input: string): XmlScan {
  const elements: XmlElement[] = [];
  // Tag name -> a position after which it has no closing tag; keeps a run of
  // unclosed tags ("<a><a><a>...") linear instead of quadratic.
  const neverClosedAfter = new Map<string, number>();
  let loose = '';
  let i = 0;
  while (i < input.length) {
    const open = input.indexOf('<', i);
    if (open === -1) {
      loose += input.slice(i);
      break;
    }
    loose += input.slice(i, open);
    if (input.startsWith('<![CDATA[', open)) {
      const end = input.indexOf(']]>', open);
      loose += input.slice(open + 9, end === -1 ? input.length : end);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input.startsWith('<!--', open)) {
      const end = input.indexOf('-->', open);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input.startsWith('<?', open) || input.startsWith('<!', open)) {
      const end = input.indexOf('>', open);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    START_TAG.lastIndex = open;
    const start = START_TAG.exec(input);
    if (!start) {
      loose += '<';
      i = open + 1;
      continue;
    }
    const afterStart = open + start[0].length;
    if (start[2] === '/') {
      elements.push({ tag: start[1], inner: '' });
      i = afterStart;
      continue;
    }
    const known = neverClosedAfter.get(start[1]);
    const close = known !== undefined && afterStart >= known ? null : findClose(input, start[1], afterStart);
    if (!close) {
      neverClosedAfter.set(start[1], Math.min(known ?? afterStart, afterStart));
      loose += start[0];
      i = afterStart;
      continue;
    }
    elements.push({ tag: start[1], inner: input.slice(afterStart, close.start) });
    i = close.end;
  }
  return { elements, loose };
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the XML entities models use, in one pass so `&amp;lt;` becomes `&lt;`, not `<`. */
export function decodeXmlEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** Inner text as a value: CDATA unwrapped, entities decoded, trimmed. */
export function xmlText(inner: string): string {
  // CDATA is literal: escape its '&' so the decode pass restores it unchanged.
  const unwrapped = inner.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_match, data: string) => data.replace(/&/g, '&amp;'));
  return decodeXmlEntities(unwrapped).trim();
}
