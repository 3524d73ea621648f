import { EMBEDDING_DIMENSIONS } from './embedding-dimensions';
import { Int8Matrix, isWasmSimdAvailable } from './int8-matrix';

/** Deterministic int8 codes in [-127, 127]. */
function fill(codes: Int8Array, from: number, to: number, seed: number): void {
  let state = seed;
  for (let i = from; i < to; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    codes[i] = (state % 255) - 127;
  }
}

function reference(codes: Int8Array, dims: number, slot: number): number {
  let sum = 0;
  for (let i = 0; i < dims; i++) sum += codes[i] * codes[dims * (slot + 1) + i];
  return sum;
}

describe('Int8Matrix', () => {
  it('finds WebAssembly SIMD on this Node.js', () => {
    expect(isWasmSimdAvailable()).toBe(true);
  });

  it.each(EMBEDDING_DIMENSIONS.map((dims) => [dims]))(
    'computes exact int8 dot products with both kernels (%i dims)',
    (dims) => {
      const rows = 37;
      const simd = new Int8Matrix(dims, 'wasm-simd');
      const js = new Int8Matrix(dims, 'js');
      for (const matrix of [simd, js]) {
        matrix.reserve(rows);
        fill(matrix.codes, 0, matrix.rowOffset(rows), dims);
      }
      simd.dotsAll(rows);
      js.dotsAll(rows);
      const expected = Array.from({ length: rows }, (_, slot) => reference(js.codes, dims, slot));
      expect(Array.from(simd.out.subarray(0, rows))).toEqual(expected);
      expect(Array.from(js.out.subarray(0, rows))).toEqual(expected);
      expect(simd.dotRow(rows - 1)).toBe(expected[rows - 1]);
      expect(js.dotRow(5)).toBe(expected[5]);
    },
  );

  it('reaches the int32 extremes without overflow', () => {
    const matrix = new Int8Matrix(3072, 'wasm-simd');
    matrix.reserve(1);
    matrix.codes.fill(-127, 0, matrix.rowOffset(1));
    matrix.codes.fill(127, matrix.rowOffset(0), matrix.rowOffset(1));
    expect(matrix.dotRow(0)).toBe(-3072 * 127 * 127);
  });

  it.each(['wasm-simd', 'js'] as const)('keeps stored rows when it grows and moves rows (%s)', (kernel) => {
    const matrix = new Int8Matrix(384, kernel);
    matrix.reserve(2);
    fill(matrix.codes, 0, matrix.rowOffset(2), 7);
    const before = [matrix.dotRow(0), matrix.dotRow(1)];
    matrix.reserve(5000); // several wasm pages
    expect([matrix.dotRow(0), matrix.dotRow(1)]).toEqual(before);
    matrix.copyRow(1, 0);
    expect(matrix.dotRow(0)).toBe(before[1]);
  });

  it('rejects dimensions the kernel cannot step through', () => {
    expect(() => new Int8Matrix(100, 'js')).toThrow(/multiple of 32/);
  });
});
