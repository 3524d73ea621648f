import fc from 'fast-check';
import { parseJSONObjectFromText, parseJsonArrayFromText } from './parse-json-object';

const SETTINGS = { seed: 20261122, numRuns: 300 };

/** Brace-heavy, quote-heavy fragments: unbalanced groups, JSON5 syntax, fences, hostile keys. */
const FRAGMENTS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '\\',
  ':',
  ',',
  '//',
  '/*',
  '*/',
  '```json\n',
  '```',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x1F',
  '{}',
  '[]',
  '{"a":1}',
  "{a:'b',}",
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '💥',
  '\u2028',
  '\u0000',
];
const soup = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
}

/** JSON values as they survive JSON.stringify (no -0, no undefined). */
const jsonObject = fc
  .dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

/** Prose that cannot hold an object of its own. */
const prose = fc.string({ maxLength: 40 }).map((text) => text.replace(/[{}[\]`]/g, ''));

describe('parseJSONObjectFromText / parseJsonArrayFromText properties', () => {
  it('never throw on arbitrary strings and return null or a plain object / an array', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), soup),
        (input) => {
          const object = parseJSONObjectFromText(input);
          expect(object === null || (typeof object === 'object' && !Array.isArray(object))).toBe(true);
          const array = parseJsonArrayFromText(input);
          expect(array === null || Array.isArray(array)).toBe(true);
          expectNoPollution();
        },
      ),
      SETTINGS,
    );
  });

  it('never throw on non-string input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        if (typeof input === 'string') return;
        expect(parseJSONObjectFromText(input)).toBeNull();
        expect(parseJsonArrayFromText(input)).toBeNull();
      }),
      SETTINGS,
    );
  });

  it('come back from deep nesting and long brace-heavy prose', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('{', '[', '{"a":', '[{'),
        fc.boolean(),
        (depth, open, closed) => {
          const close = open.includes('{') ? '}' : ']';
          const input = open.repeat(depth) + '1' + (closed ? close.repeat(depth * (open === '[{' ? 2 : 1)) : '');
          parseJSONObjectFromText(input);
          parseJsonArrayFromText(input);
        },
      ),
      { ...SETTINGS, numRuns: 20 },
    );
    const big = fc.sample(soup, { seed: 3, numRuns: 3000 }).join(' ').repeat(2);
    expect(big.length).toBeGreaterThan(100_000);
    parseJSONObjectFromText(big);
    parseJsonArrayFromText(big);
  });

  it('find the object a model wrote, in prose or in a ```json fence', () => {
    fc.assert(
      fc.property(jsonObject, prose, prose, fc.boolean(), fc.boolean(), (value, before, after, fenced, pretty) => {
        const json = JSON.stringify(value, null, pretty ? 2 : undefined);
        const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before} ${json} ${after}`;
        expect(parseJSONObjectFromText(text)).toEqual(value);
      }),
      SETTINGS,
    );
  });

  it('find the array a model wrote', () => {
    const jsonArray = fc
      .array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 6 })
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown[]);
    fc.assert(
      fc.property(jsonArray, prose, prose, (value, before, after) => {
        expect(parseJsonArrayFromText(`${before} ${JSON.stringify(value)} ${after}`)).toEqual(value);
      }),
      SETTINGS,
    );
  });

  it('keep __proto__ and constructor keys as plain data, never on the prototype', () => {
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
    fc.assert(
      fc.property(hostileKey, fc.jsonValue({ maxDepth: 2 }), fc.boolean(), (key, inner, json5) => {
        const text = json5
          ? `{${key}: {polluted: 1, inner: ${JSON.stringify(inner)}},}`
          : `{"${key}": {"polluted": 1, "inner": ${JSON.stringify(inner)}}}`;
        const parsed = parseJSONObjectFromText(text);
        expect(parsed).not.toBeNull();
        expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
        expect(Object.prototype.hasOwnProperty.call(parsed, key)).toBe(true);
        expect((parsed as Record<string, { polluted?: number }>)[key]?.polluted).toBe(1);
        expectNoPollution();
      }),
      { ...SETTINGS, numRuns: 60 },
    );
  });
});
