import type { TextEmbeddingBatchParams, TextEmbeddingParams } from '../types/model';
import type { Plugin } from '../types/plugin';
import { deterministicEmbedding } from './deterministic-embedding';
import type { ScriptedModel } from './scripted-model';

export interface ScriptedModelPluginOptions {
  /** Also register a deterministic TEXT_EMBEDDING of this many dimensions. */
  embeddingDims?: number;
  name?: string;
  priority?: number;
}

type EmbeddingInput = TextEmbeddingParams | TextEmbeddingBatchParams | string | null;

/** A plugin serving TEXT_SMALL and TEXT_LARGE from a scripted model (and optionally embeddings). */
export function createScriptedModelPlugin(model: ScriptedModel, options: ScriptedModelPluginOptions = {}): Plugin {
  const models: NonNullable<Plugin['models']> = {
    TEXT_SMALL: model.handler('TEXT_SMALL'),
    TEXT_LARGE: model.handler('TEXT_LARGE'),
  };
  const dims = options.embeddingDims;
  if (dims !== undefined) {
    models.TEXT_EMBEDDING = async (_runtime, params: EmbeddingInput): Promise<number[] | number[][]> => {
      if (params && typeof params === 'object' && 'texts' in params)
        return params.texts.map((text) => deterministicEmbedding(text, dims));
      const text = typeof params === 'string' ? params : (params?.text ?? '');
      return deterministicEmbedding(text, dims);
    };
  }
  return {
    name: options.name ?? 'scripted-model',
    description: 'Deterministic scripted text model for tests',
    priority: options.priority,
    models,
  };
}
