import { copyJson } from './copy-json';

describe('copyJson', () => {
  it.each([
    [
      'an object with nested arrays and objects',
      '{"text":"hi","actions":["REPLY","IGNORE"],"nested":{"a":[1,{"b":null}],"c":true},"n":-1.5e3}',
    ],
    ['integer-like keys, which come first in any order', '{"b":1,"2":2,"a":3,"1":4}'],
    ['an own "__proto__" key', '{"__proto__":{"polluted":true},"x":1}'],
    ['an empty object', '{}'],
    ['an array at the top', '[1,"two",[3],{"four":4}]'],
    ['a string', '"text"'],
    ['null', 'null'],
  ])('gives what JSON.parse gives for %s', (_name, text) => {
    const copy = copyJson(JSON.parse(text));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(JSON.parse(text)));
    expect(copy).toEqual(JSON.parse(text));
  });

  it('keeps "__proto__" an own property and leaves the prototype alone', () => {
    const copy = copyJson(JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shares no object or array with its source', () => {
    const source = JSON.parse('{"a":{"b":[{"c":1}]}}') as { a: { b: { c: number }[] } };
    const copy = copyJson(source);
    copy.a.b[0].c = 2;
    copy.a.b.push({ c: 3 });
    expect(source).toEqual({ a: { b: [{ c: 1 }] } });
  });
});
