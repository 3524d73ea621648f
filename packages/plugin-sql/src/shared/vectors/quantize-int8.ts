/** What quantizing a vector leaves besides its codes: enough to bound the error it introduced. */
export interface Int8Quantized {
  /** code * scale approximates each component (scale = max |component| / 127). */
  scale: number;
  /** Euclidean norm of the original vector. */
  norm: number;
  /** Euclidean norm of (vector - codes * scale), the quantization error. */
  residual: number;
}

/**
 * Writes symmetric per-vector int8 codes of `vector` into `target` at
 * `offset`. A zero vector (or one with a non-finite component) gets zero
 * codes and norm 0.
 */
export function quantizeInt8(vector: Float32Array, target: Int8Array, offset: number): Int8Quantized {
  let max = 0;
  let squares = 0;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i];
    const magnitude = Math.abs(value);
    if (magnitude > max) max = magnitude;
    squares += value * value;
  }
  if (max === 0 || !Number.isFinite(squares)) {
    target.fill(0, offset, offset + vector.length);
    return { scale: 0, norm: 0, residual: 0 };
  }
  const scale = max / 127;
  const inverse = 127 / max;
  let residual = 0;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i];
    // Round half away from zero; `| 0` truncates (several times faster than Math.round here).
    const code = (value * inverse + (value >= 0 ? 0.5 : -0.5)) | 0;
    target[offset + i] = code;
    const error = value - code * scale;
    residual += error * error;
  }
  return { scale, norm: Math.sqrt(squares), residual: Math.sqrt(residual) };
}
