import fc from 'fast-check';
import { parseKeyValueXml } from './parse-key-value-xml';

// Seeded so a CI failure reproduces locally; fast-check prints the counterexample.
const SETTINGS = { seed: 20261122, numRuns: 300 };

/** Tags models write, tags that must never reach an object's prototype, and odd-but-legal names. */
const TAGS = [
  'response',
  'thought',
  'text',
  'actions',
  'providers',
  'simple',
  'facts',
  'fact',
  'entities',
  'entity',
  'name',
  'reply',
  '__proto__',
  'constructor',
  'prototype',
  'a:b',
  'x.y',
  '_',
  'toString',
  'hasOwnProperty',
];

/** Pieces of markup that stress the scanner: unclosed tags, comments, CDATA, entities, stray brackets. */
const JUNK = [
  '<',
  '>',
  '</',
  '/>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x>',
  '&amp;',
  '&lt;',
  '&#x1F600;',
  '&#99999999;',
  '&#xD800;',
  '&bogus;',
  '```xml\n',
  '```',
  ' ',
  '\n',
  'I <3 you',
  '1 < 2 > 0',
  '"',
  "'",
  '=',
  '💥',
  '\u0000',
  '\uFEFF',
];

const tag = fc.constantFrom(...TAGS);
const token = fc.oneof(
  tag.map((name) => `<${name}>`),
  tag.map((name) => `</${name}>`),
  tag.map((name) => `<${name}/>`),
  tag.map((name) => `<${name} attr="1">`),
  fc.constantFrom(...JUNK),
  fc.string({ maxLength: 12 }),
);
/** Token soup: mostly well-formed-looking XML, often not. */
const xmlish = fc.array(token, { maxLength: 60 }).map((tokens) => tokens.join(''));

/** Balanced, nested XML built from the realistic tags, with text leaves. */
const { tree } = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 20 }),
    fc
      .tuple(tag, fc.array(tie('tree'), { maxLength: 4 }))
      .map(([name, children]) => `<${name}>${children.join('')}</${name}>`),
  ),
}));

function expectSafeResult(result: ReturnType<typeof parseKeyValueXml>): void {
  expect(result === null || (typeof result === 'object' && Object.getPrototypeOf(result) === Object.prototype)).toBe(
    true,
  );
  if (result) {
    for (const key of ['__proto__', 'constructor', 'prototype'])
      expect(Object.prototype.hasOwnProperty.call(result, key)).toBe(false);
  }
  // Nothing leaked onto every object.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** Text escaped the way a well-behaved model (or our own templates) writes it inside an element. */
const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Keys ending in a digit: never a plural of another key, never a special field (text, actions, simple, ...). */
const plainKey = fc.stringMatching(/^[a-z][a-z_]{0,6}[0-9]$/);

describe('parseKeyValueXml properties', () => {
  it('never throws on arbitrary strings (including full unicode)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), (input) => {
        expectSafeResult(parseKeyValueXml(input));
      }),
      SETTINGS,
    );
  });

  it('never throws on non-string input, and returns null for it', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (input) => {
          expect(parseKeyValueXml(input)).toBeNull();
        },
      ),
      SETTINGS,
    );
  });

  it('never throws on XML-ish token soup built from realistic and hostile tags', () => {
    fc.assert(
      fc.property(xmlish, (input) => {
        expectSafeResult(parseKeyValueXml(input));
        expectSafeResult(parseKeyValueXml(`<response>${input}</response>`));
      }),
      SETTINGS,
    );
  });

  it('never throws on balanced nested trees, with or without a <response> wrapper', () => {
    fc.assert(
      fc.property(tree, fc.boolean(), (xml, wrap) => {
        expectSafeResult(parseKeyValueXml(wrap ? `<response>${xml}</response>` : xml));
      }),
      SETTINGS,
    );
  });

  it('never throws on deep nesting or large inputs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'fact', 'response', 'text', '__proto__'),
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
        (name, depth, closed) => {
          const input = `<${name}>`.repeat(depth) + 'leaf' + (closed ? `</${name}>`.repeat(depth) : '');
          expectSafeResult(parseKeyValueXml(input));
        },
      ),
      { ...SETTINGS, numRuns: 30 },
    );
    // ~0.5 MB of soup: must come back (linear scanning), whatever it returns.
    const big = fc.sample(xmlish, { seed: 7, numRuns: 2000 }).join('').repeat(6);
    expect(big.length).toBeGreaterThan(400_000);
    expectSafeResult(parseKeyValueXml(big));
  });

  it('round-trips a flat key/value object rendered as <response> XML', () => {
    fc.assert(
      fc.property(fc.dictionary(plainKey, fc.string({ maxLength: 40 }), { minKeys: 1, maxKeys: 8 }), (record) => {
        const xml = `<response>${Object.entries(record)
          .map(([key, value]) => `<${key}>${escapeXml(value)}</${key}>`)
          .join('\n')}</response>`;
        const expected = Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value.trim()]));
        expect(parseKeyValueXml(xml)).toEqual(expected);
      }),
      SETTINGS,
    );
  });

  it('round-trips nested objects, with prose and a code fence around them', () => {
    type Nested = { [key: string]: string | Nested };
    const { node } = fc.letrec<{ node: Nested }>((tie) => ({
      node: fc.dictionary(plainKey, fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 20 }), tie('node')), {
        minKeys: 1,
        maxKeys: 4,
      }),
    }));
    const render = (value: string | Nested): string =>
      typeof value === 'string'
        ? escapeXml(value)
        : Object.entries(value)
            .map(([key, child]) => `<${key}>${render(child)}</${key}>`)
            .join('');
    const trimmed = (value: string | Nested): string | Nested =>
      typeof value === 'string'
        ? value.trim()
        : Object.fromEntries(Object.entries(value).map(([key, child]) => [key, trimmed(child)]));
    // Prose without '<' so it cannot open an element of its own.
    const prose = fc.string({ maxLength: 30 }).map((text) => text.replace(/</g, ''));
    fc.assert(
      fc.property(node, prose, prose, (record, before, after) => {
        const xml = `${before}\n\`\`\`xml\n<response>${render(record)}</response>\n\`\`\`\n${after}`;
        expect(parseKeyValueXml(xml)).toEqual(trimmed(record));
      }),
      SETTINGS,
    );
  });

  it('reads <actions> as the list written, and <simple> as a boolean', () => {
    const name = fc.stringMatching(/^[A-Z][A-Z_]{0,11}$/);
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.constantFrom(',', ', ', ' ,'),
        (actions, simple, separator) => {
          const parsed = parseKeyValueXml(
            `<response><actions>${actions.join(separator)}</actions><simple>${simple}</simple></response>`,
          );
          expect(parsed).toEqual({ actions, simple });
        },
      ),
      SETTINGS,
    );
  });

  it('keeps <text> verbatim, unescaped: inline tags, "<3" and stray brackets included', () => {
    // Unescaped model prose. Excluded: '</text' (ends the element, as in any XML), '&' (entities are decoded),
    // CDATA/comment openers (unwrapped/skipped by design) and '</response' (ends the block).
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('<b>', '</b>', '<3', ' < ', '>', '<text>', '<br/>', '<name>x</name>', '{{x}}'),
    );
    const prose = fc
      .array(piece, { maxLength: 10 })
      .map((pieces) => pieces.join(''))
      .filter((text) => !/<\/text|&|<!|<\/response|<response/i.test(text));
    fc.assert(
      fc.property(prose, (text) => {
        const parsed = parseKeyValueXml(`<response><thought>t</thought><text>${text}</text></response>`);
        expect(parsed?.text).toBe(text.trim());
      }),
      SETTINGS,
    );
  });

  it('drops prototype-polluting keys at every level', () => {
    const hostile = fc.constantFrom('__proto__', 'constructor', 'prototype');
    fc.assert(
      fc.property(hostile, hostile, plainKey, (outer, inner, safe) => {
        const parsed = parseKeyValueXml(
          `<response><${outer}><polluted>yes</polluted></${outer}><${safe}><${inner}><polluted>yes</polluted></${inner}><ok1>v</ok1></${safe}></response>`,
        );
        expect(parsed).toEqual({ [safe]: { ok1: 'v' } });
        expectSafeResult(parsed);
      }),
      { ...SETTINGS, numRuns: 50 },
    );
  });
});
