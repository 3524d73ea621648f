import fc from 'fast-check';
import { parseBooleanFromText } from './parse-boolean';

const SETTINGS = { seed: 20261122, numRuns: 500 };

// The documented words (parse-boolean.ts): true for these, false for everything else.
const TRUE_WORDS = ['true', 't', 'yes', 'y', 'on', '1', 'enable', 'enabled'];
const FALSE_WORDS = [
  'false',
  'f',
  'no',
  'n',
  'off',
  '0',
  'disable',
  'disabled',
  '',
  'maybe',
  'null',
  'undefined',
  'NaN',
  'truthy',
  'yes no',
];

/** Random upper/lower case of a word. */
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join(''));

/** How models decorate a one-word answer: quotes, markdown emphasis, trailing punctuation, whitespace. */
const decoration = fc.record({
  before: fc.constantFrom('', ' ', '\n', '"', "'", '`', '**', '_', ' **"'),
  after: fc.constantFrom('', ' ', '\n', '.', '!', '"', '**', '.**', '!"', ' \t'),
});

describe('parseBooleanFromText properties', () => {
  it('returns a boolean for every input, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.double(), fc.bigInt()), (value) => {
        expect(typeof parseBooleanFromText(value)).toBe('boolean');
      }),
      { ...SETTINGS, numRuns: 200 },
    );
  });

  it('is true for the documented words in any case and decoration', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRUE_WORDS).chain(anyCase), decoration, (word, { before, after }) => {
        expect(parseBooleanFromText(`${before}${word}${after}`)).toBe(true);
      }),
      SETTINGS,
    );
  });

  it('is false for the negative words in any case and decoration', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FALSE_WORDS).chain(anyCase), decoration, (word, { before, after }) => {
        expect(parseBooleanFromText(`${before}${word}${after}`)).toBe(false);
      }),
      SETTINGS,
    );
  });

  it('is true only when the text, undecorated, is one of the documented words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const word = text
          .trim()
          .toLowerCase()
          .replace(/^["'`*_\s]+|["'`*_.!\s]+$/g, '');
        expect(parseBooleanFromText(text)).toBe(TRUE_WORDS.includes(word));
      }),
      SETTINGS,
    );
  });

  it('keeps booleans, and reads only the number 1 as true', () => {
    fc.assert(
      fc.property(fc.oneof(fc.boolean(), fc.double()), (value) => {
        expect(parseBooleanFromText(value)).toBe(value === true || value === 1);
      }),
      SETTINGS,
    );
  });
});
