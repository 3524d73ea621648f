import type { Memory } from '../../types/memory';
import type { IAgentRuntime } from '../../types/runtime';

/** Gives a memory its embedding when it has text, none yet, and a TEXT_EMBEDDING model is registered. */
export async function addEmbeddingToMemory(runtime: IAgentRuntime, memory: Memory): Promise<Memory> {
  if (memory.embedding || !memory.content.text || runtime.getModelHandlers('TEXT_EMBEDDING').length === 0)
    return memory;
  const vector = await runtime.useModel('TEXT_EMBEDDING', { text: memory.content.text });
  if (Array.isArray(vector) && typeof vector[0] === 'number') memory.embedding = vector;
  return memory;
}
