import { quantizeInt8 } from './quantize-int8';

function gaussianVector(seed: number, dims: number, sparse = false): Float32Array {
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return Float32Array.from({ length: dims }, () => {
    const value = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    return sparse && uniform() < 0.9 ? 0 : value;
  });
}

describe('quantizeInt8', () => {
  it('keeps codes within [-127, 127] and reports the norm and residual', () => {
    const vector = gaussianVector(1, 384);
    const codes = new Int8Array(400);
    const q = quantizeInt8(vector, codes, 16);
    const slice = Array.from(codes.subarray(16, 400));
    expect(Math.max(...slice.map(Math.abs))).toBe(127);
    let norm = 0;
    let residual = 0;
    vector.forEach((value, i) => {
      norm += value * value;
      residual += (value - slice[i] * q.scale) ** 2;
    });
    expect(q.norm).toBeCloseTo(Math.sqrt(norm), 6);
    expect(q.residual).toBeCloseTo(Math.sqrt(residual), 9);
    expect(q.residual / q.norm).toBeLessThan(0.01);
  });

  it('bounds the error of the approximate cosine (the bound exact rescoring relies on)', () => {
    const dims = 384;
    for (let trial = 0; trial < 200; trial++) {
      const sparse = trial % 2 === 0;
      const a = gaussianVector(trial * 2 + 1, dims, sparse);
      const b = gaussianVector(trial * 2 + 2, dims, sparse);
      const ca = new Int8Array(dims);
      const cb = new Int8Array(dims);
      const qa = quantizeInt8(a, ca, 0);
      const qb = quantizeInt8(b, cb, 0);
      let exact = 0;
      let approx = 0;
      for (let i = 0; i < dims; i++) {
        exact += a[i] * b[i];
        approx += ca[i] * cb[i];
      }
      const cosine = exact / (qa.norm * qb.norm);
      const estimate = (approx * qa.scale * qb.scale) / (qa.norm * qb.norm);
      const relA = qa.residual / qa.norm;
      const eqB = qb.residual / qb.norm;
      expect(Math.abs(cosine - estimate)).toBeLessThanOrEqual(eqB * (1 + relA) + relA);
    }
  });

  it('treats zero and non-finite vectors as zero', () => {
    const codes = new Int8Array(4).fill(9);
    expect(quantizeInt8(new Float32Array(4), codes, 0)).toEqual({ scale: 0, norm: 0, residual: 0 });
    expect(Array.from(codes)).toEqual([0, 0, 0, 0]);
    expect(quantizeInt8(Float32Array.from([1, Number.NaN, 0, 0]), codes, 0).norm).toBe(0);
  });
});
