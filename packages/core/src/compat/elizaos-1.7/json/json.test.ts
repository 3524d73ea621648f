import { describe, expect, it } from '@jest/globals';
import { normalizeJsonString } from './normalize-json-string';
import { safeReplacer } from './safe-replacer';

describe('normalizeJsonString (elizaOS 1.7)', () => {
  it('quotes bare and single-quoted values', () => {
    expect(normalizeJsonString('{  "a": hello, "b":\'x y\' }')).toBe('{"a": "hello", "b": "x y"}');
    // With a space after the colon the first pass quotes the whole value, single quotes included, as in elizaOS.
    expect(normalizeJsonString('{"b": \'x\'}')).toBe('{"b": "\'x\'"}');
    expect(JSON.parse(normalizeJsonString('{"action": REPLY}'))).toEqual({ action: 'REPLY' });
  });

  it('leaves strings and arrays alone and quotes numbers, as elizaOS does', () => {
    expect(normalizeJsonString('{"a": "ok", "b": [1, 2]}')).toBe('{"a": "ok", "b": [1, 2]}');
    expect(normalizeJsonString('{"n": 1}')).toBe('{"n": "1"}');
  });
});

describe('safeReplacer (elizaOS 1.7)', () => {
  it('writes [Circular] for objects already written', () => {
    const node: Record<string, unknown> = { name: 'a' };
    node.self = node;
    expect(JSON.stringify(node, safeReplacer())).toBe('{"name":"a","self":"[Circular]"}');
    const shared = { x: 1 };
    expect(JSON.stringify({ a: shared, b: shared }, safeReplacer())).toBe('{"a":{"x":1},"b":"[Circular]"}');
  });
});
