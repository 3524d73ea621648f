export function norm(vector: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  return Math.sqrt(sum);
}

/** Cosine similarity given the query's precomputed norm; NaN when either vector is zero. */
export function cosineSimilarity(query: Float32Array, queryNorm: number, vector: Float32Array): number {
  let dot = 0;
  let sum = 0;
  for (let i = 0; i < vector.length; i++) {
    const v = vector[i];
    dot += query[i] * v;
    sum += v * v;
  }
  const denominator = queryNorm * Math.sqrt(sum);
  return denominator === 0 ? Number.NaN : dot / denominator;
}
