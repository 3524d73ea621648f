import { ModelType, type Plugin } from '@kith/core';
import { textEmbeddingHandler } from './embedding/text-embedding-handler';
import { textLargeHandler, textSmallHandler } from './handlers/eliza-text-handler';

/**
 * The offline default model. Priority -1000 puts it behind any real model
 * plugin: the runtime tries handlers by priority, so this one answers only
 * when nothing better is registered (or as the last retryable fallback).
 */
export const elizaClassicPlugin: Plugin = {
  name: 'eliza-classic',
  description:
    "Offline default model: Weizenbaum's 1966 DOCTOR script answering the pipeline's prompts in their XML formats, plus a local 384-dimension hashing embedder.",
  priority: -1000,
  models: {
    [ModelType.TEXT_SMALL]: textSmallHandler,
    [ModelType.TEXT_LARGE]: textLargeHandler,
    [ModelType.TEXT_EMBEDDING]: textEmbeddingHandler,
  },
};

export default elizaClassicPlugin;
