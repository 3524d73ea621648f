import { describe, expect, it } from '@jest/globals';
import {
  BufferUtils,
  alloc,
  byteLength,
  concat,
  equals,
  fromBytes,
  fromHex,
  fromString,
  isBuffer,
  randomBytes,
  slice,
  toHex,
  toString,
} from './buffer-utils';

describe('BufferUtils (elizaOS 1.7)', () => {
  it('converts between hex, strings and bytes', () => {
    expect(toHex(fromString('hi'))).toBe('6869');
    expect(toString(fromHex('6869'))).toBe('hi');
    expect(toString(fromString('aGk=', 'base64'))).toBe('hi');
    expect(toString(fromBytes([104, 105]), 'hex')).toBe('6869');
    expect(toString(new Uint8Array([104, 105]), 'base64')).toBe('aGk=');
  });

  it('allocates, concatenates, compares and measures', () => {
    expect([...alloc(3)]).toEqual([0, 0, 0]);
    const joined = concat([fromBytes([1, 2]), new Uint8Array([3])]);
    expect([...joined]).toEqual([1, 2, 3]);
    expect(byteLength(joined)).toBe(3);
    expect(equals(joined, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(equals(joined, fromBytes([1, 2]))).toBe(false);
  });

  it('slices into a copy', () => {
    const source = fromBytes([1, 2, 3, 4]);
    const part = slice(source, 1, 3);
    expect([...part]).toEqual([2, 3]);
    part[0] = 9;
    expect(source[1]).toBe(2);
  });

  it('recognises buffers and makes random bytes', () => {
    expect(isBuffer(Buffer.from('x'))).toBe(true);
    expect(isBuffer(new Uint8Array(1))).toBe(true);
    expect(isBuffer('x')).toBe(false);
    expect(byteLength(randomBytes(16))).toBe(16);
    expect(toHex(randomBytes(8))).not.toBe(toHex(randomBytes(8)));
  });

  it('groups the functions under elizaOS keys', () => {
    expect(Object.keys(BufferUtils).sort()).toEqual(
      [
        'alloc',
        'byteLength',
        'concat',
        'equals',
        'fromBytes',
        'fromHex',
        'fromString',
        'isBuffer',
        'randomBytes',
        'slice',
        'toHex',
        'toString',
      ].sort(),
    );
  });
});
