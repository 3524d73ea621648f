import { randomBytes as cryptoRandomBytes } from 'node:crypto';

/** elizaOS's buffer type: a Node Buffer or any Uint8Array (Kith runs on Node, so results are Buffers). */
export type BufferLike = Buffer | Uint8Array;

type TextEncoding = 'utf8' | 'utf-8' | 'base64';

/** A Buffer view over `buffer`'s bytes, without copying. */
function asBuffer(buffer: BufferLike): Buffer {
  return Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The bytes a hex string spells; as Node's Buffer, decoding stops at the first invalid pair. */
export function fromHex(hex: string): BufferLike {
  return Buffer.from(hex, 'hex');
}

export function fromString(str: string, encoding: TextEncoding = 'utf8'): BufferLike {
  return Buffer.from(str, encoding);
}

export function fromBytes(bytes: number[] | Uint8Array): BufferLike {
  return Buffer.from(bytes);
}

export function toHex(buffer: BufferLike): string {
  return asBuffer(buffer).toString('hex');
}

export function toString(buffer: BufferLike, encoding: TextEncoding | 'hex' = 'utf8'): string {
  return asBuffer(buffer).toString(encoding);
}

export function isBuffer(obj: unknown): obj is BufferLike {
  return Buffer.isBuffer(obj) || obj instanceof Uint8Array;
}

/** A zero-filled buffer of `size` bytes. */
export function alloc(size: number): BufferLike {
  return Buffer.alloc(size);
}

export function concat(buffers: BufferLike[]): BufferLike {
  return Buffer.concat(buffers);
}

/** A copy of bytes `start` to `end` (elizaOS copies too, so writes to the result never reach the source). */
export function slice(buffer: BufferLike, start: number, end?: number): BufferLike {
  return Buffer.from(asBuffer(buffer).subarray(start, end));
}

export function equals(a: BufferLike, b: BufferLike): boolean {
  return asBuffer(a).equals(asBuffer(b));
}

export function byteLength(buffer: BufferLike): number {
  return buffer.byteLength;
}

/** `size` cryptographically strong random bytes. */
export function randomBytes(size: number): BufferLike {
  return cryptoRandomBytes(size);
}

/** The same functions as one object, as elizaOS exports them. */
export const BufferUtils = {
  fromHex,
  fromString,
  fromBytes,
  toHex,
  toString,
  isBuffer,
  alloc,
  concat,
  slice,
  equals,
  byteLength,
  randomBytes,
};
