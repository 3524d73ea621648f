import { fromFloat32Blob, toFloat32Blob } from './float32-blob';

describe('Float32 blobs', () => {
  it('round-trips a vector as little-endian float32', () => {
    const blob = toFloat32Blob([1, -0.5, 0.25]);
    expect(blob.length).toBe(12);
    expect(blob.readFloatLE(4)).toBe(-0.5);
    expect(Array.from(fromFloat32Blob(blob))).toEqual([1, -0.5, 0.25]);
  });

  it('reads misaligned bytes', () => {
    const padded = Buffer.alloc(13);
    toFloat32Blob([3, 4, 5]).copy(padded, 1);
    expect(Array.from(fromFloat32Blob(padded.subarray(1)))).toEqual([3, 4, 5]);
  });
});
