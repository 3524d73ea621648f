/** Little-endian Float32 bytes of a vector, as stored in `embeddings.vector`. */
export function toFloat32Blob(vector: ArrayLike<number>): Buffer {
  const floats = vector instanceof Float32Array ? vector : Float32Array.from(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
}

/** A Float32 view of a stored vector (copies only when the bytes are misaligned). */
export function fromFloat32Blob(blob: Uint8Array): Float32Array {
  const length = blob.byteLength >>> 2;
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, length);
  const copy = new Float32Array(length);
  new Uint8Array(copy.buffer).set(blob.subarray(0, length * 4));
  return copy;
}
