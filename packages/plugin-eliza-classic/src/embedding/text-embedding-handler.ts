import type { IAgentRuntime, TextEmbeddingBatchParams, TextEmbeddingParams } from '@kith/core';
import { EMBEDDING_DIMS, hashingEmbed } from './hashing-embed';

export type TextEmbeddingInput = TextEmbeddingParams | TextEmbeddingBatchParams | string | null | undefined;

/**
 * TEXT_EMBEDDING: `{ text }` or a string gives one vector, `{ texts }` one
 * per text. `null` or an empty object is the runtime's dimension probe and
 * gets a valid unit vector of the right size.
 */
export async function textEmbeddingHandler(
  _runtime: IAgentRuntime,
  params: TextEmbeddingInput,
): Promise<number[] | number[][]> {
  if (typeof params === 'string') return hashingEmbed(params, EMBEDDING_DIMS);
  if (params && typeof params === 'object') {
    if ('texts' in params && Array.isArray(params.texts)) {
      return params.texts.map((text) => hashingEmbed(typeof text === 'string' ? text : '', EMBEDDING_DIMS));
    }
    if ('text' in params && typeof params.text === 'string') return hashingEmbed(params.text, EMBEDDING_DIMS);
  }
  return hashingEmbed('', EMBEDDING_DIMS);
}
