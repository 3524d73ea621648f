import { parseJSONObjectFromText, parseJsonArrayFromText } from './parse-json-object';

describe('parseJSONObjectFromText', () => {
  it('parses plain JSON', () => {
    expect(parseJSONObjectFromText('{"a": 1, "b": [true, null], "c": {"d": "e"}}')).toEqual({
      a: 1,
      b: [true, null],
      c: { d: 'e' },
    });
  });

  describe('JSON5 leniency', () => {
    it.each([
      ['trailing commas', '{"a": 1, "b": [1, 2,],}', { a: 1, b: [1, 2] }],
      ['single quotes', "{'name': 'Eliza', 'mood': 'it\\'s fine'}", { name: 'Eliza', mood: "it's fine" }],
      ['unquoted keys', '{name: "x", nested: {ok: true}}', { name: 'x', nested: { ok: true } }],
      ['comments', '{\n  // the answer\n  "a": 1 /* inline */\n}', { a: 1 }],
      ['hex and leading dots', '{n: 0x10, f: .5}', { n: 16, f: 0.5 }],
      ['multi-line strings', '{"text": "line one\\\nline two"}', { text: 'line oneline two' }],
    ])('accepts %s', (_label, input, expected) => {
      expect(parseJSONObjectFromText(input)).toEqual(expected);
    });
  });

  describe('extraction from model output', () => {
    it('reads a ```json fenced block', () => {
      expect(parseJSONObjectFromText('Here it is:\n```json\n{"a": 1}\n```\nDone.')).toEqual({ a: 1 });
    });

    it('reads fences with other or no language tags', () => {
      expect(parseJSONObjectFromText('```json5\n{a: 1,}\n```')).toEqual({ a: 1 });
      expect(parseJSONObjectFromText('```\n{"a": 2}\n```')).toEqual({ a: 2 });
      expect(parseJSONObjectFromText('```javascript\n{a: 3}\n```')).toEqual({ a: 3 });
    });

    it('prefers the fenced block over braces in the prose', () => {
      expect(parseJSONObjectFromText('Use {"x": 0} as a template.\n```json\n{"x": 1}\n```')).toEqual({ x: 1 });
    });

    it('tries the next fence when the first does not parse', () => {
      expect(parseJSONObjectFromText('```\nnot json\n```\n```json\n{"ok": true}\n```')).toEqual({ ok: true });
    });

    it('finds an object after prose with braces', () => {
      expect(parseJSONObjectFromText('Wrap {names} in braces. Result: {"name": "Bob"} thanks')).toEqual({
        name: 'Bob',
      });
    });

    it('finds an object after prose with an apostrophe-led brace', () => {
      expect(parseJSONObjectFromText('I\'d say {it\'s this} then {"a": 1}')).toEqual({ a: 1 });
    });

    it('handles braces inside strings', () => {
      expect(parseJSONObjectFromText('{"template": "Hello {{name}} }", "n": 1} trailing }')).toEqual({
        template: 'Hello {{name}} }',
        n: 1,
      });
    });

    it('handles escaped quotes inside strings', () => {
      expect(parseJSONObjectFromText('{"q": "she said \\"{hi}\\""}')).toEqual({ q: 'she said "{hi}"' });
    });

    it('reads an unterminated fence', () => {
      expect(parseJSONObjectFromText('```json\n{"a": 1}')).toEqual({ a: 1 });
    });

    it('returns the first of several objects', () => {
      expect(parseJSONObjectFromText('{"a": 1}\n{"b": 2}')).toEqual({ a: 1 });
    });
  });

  describe('failures', () => {
    it.each([
      ['', null],
      ['no json here', null],
      ['{', null],
      ['{"a": }', null],
      ['{not: valid: json}', null],
      ['"just a string"', null],
      ['42', null],
      ['[1, 2, 3]', null],
      ['```json\n{"a": \n```', null],
    ])('returns null for %p', (input, expected) => {
      expect(parseJSONObjectFromText(input)).toBe(expected);
    });

    it.each([undefined, null, 42, { a: 1 }, ['{}']])('returns null for non-string %p', (input) => {
      expect(parseJSONObjectFromText(input)).toBeNull();
    });

    it('does not pollute prototypes', () => {
      const out = parseJSONObjectFromText('{"__proto__": {"polluted": true}, "a": 1}');
      expect(out?.a).toBe(1);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    // Catastrophic backtracking would run into jest's time limit; speed itself is not asserted here.
    it('returns null for brace-heavy garbage', () => {
      expect(parseJSONObjectFromText('{'.repeat(50000))).toBeNull();
      expect(parseJSONObjectFromText('{"'.repeat(20000))).toBeNull();
    });
  });
});

describe('parseJsonArrayFromText', () => {
  it('parses arrays, with JSON5 leniency', () => {
    expect(parseJsonArrayFromText('["a", "b"]')).toEqual(['a', 'b']);
    expect(parseJsonArrayFromText("['a', 'b',]")).toEqual(['a', 'b']);
    expect(parseJsonArrayFromText('[{id: 1}, {id: 2},]')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(parseJsonArrayFromText('[]')).toEqual([]);
  });

  it('reads fenced arrays and arrays in prose', () => {
    expect(parseJsonArrayFromText('Facts:\n```json\n[{"claim": "x"}]\n```')).toEqual([{ claim: 'x' }]);
    expect(parseJsonArrayFromText('See [note] below: ["x", "y"]')).toEqual(['x', 'y']);
  });

  it('handles brackets inside strings', () => {
    expect(parseJsonArrayFromText('["a]", "[b"]')).toEqual(['a]', '[b']);
  });

  it.each(['', 'nothing', '[', '[1, 2', '{"a": 1}', 'null'])('returns null for %p', (input) => {
    expect(parseJsonArrayFromText(input)).toBeNull();
  });

  it('returns null for non-strings', () => {
    expect(parseJsonArrayFromText(undefined)).toBeNull();
    expect(parseJsonArrayFromText([1, 2])).toBeNull();
  });
});
