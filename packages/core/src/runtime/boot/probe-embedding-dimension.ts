import type { IAgentRuntime } from '../../types/runtime';

/**
 * Asks the embedding model for one vector (a `null` probe) and tells the
 * adapter its length, so vector search works from the first message. A
 * failing probe leaves vector search off until the dimension is known.
 */
export async function probeEmbeddingDimension(runtime: IAgentRuntime): Promise<void> {
  if (runtime.getModelHandlers('TEXT_EMBEDDING').length === 0) return;
  try {
    const probe = await runtime.useModel('TEXT_EMBEDDING', null);
    const dimension = Array.isArray(probe) ? probe.length : 0;
    if (dimension > 0) await runtime.adapter.ensureEmbeddingDimension(dimension);
  } catch (error) {
    runtime.logger.warn(
      { err: error },
      'Could not determine the embedding dimension; vector search is off until it is known',
    );
  }
}
