/** A vector as pgvector's text input: `[0.1,0.2,...]` (float32 values print exactly enough). */
export function toVectorLiteral(vector: ArrayLike<number>): string {
  let text = '[';
  for (let i = 0; i < vector.length; i++) text += (i === 0 ? '' : ',') + vector[i];
  return `${text}]`;
}
