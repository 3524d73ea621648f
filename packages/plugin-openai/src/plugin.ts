import type { IAgentRuntime, Plugin } from '@kith/core';
import { loadOpenAIConfig } from './config/openai-config';
import { createEmbeddingHandler } from './models/embedding-handler';
import { createImageDescriptionHandler, createImageHandler } from './models/image-handlers';
import { createObjectHandler } from './models/object-handler';
import type { OpenAIPluginDeps } from './models/openai-call';
import { createTextHandler } from './models/text-handler';
import { decodeTokens, encodeTokens } from './models/tokenizer-handlers';

export type OpenAIPluginOptions = OpenAIPluginDeps;

/** The plugin with its own fetch or sleep (tests); `openaiPlugin` is the default instance. */
export function createOpenAIPlugin(options: OpenAIPluginOptions = {}): Plugin {
  return {
    name: 'openai',
    description: 'Models from any OpenAI-compatible API: OpenAI, OpenRouter, Ollama, vLLM, LM Studio, llama.cpp.',
    // Fails the start with every bad setting named, rather than the first model call.
    init: async (_config: Record<string, string>, runtime: IAgentRuntime) => {
      const config = loadOpenAIConfig(runtime);
      runtime.logger.debug(
        {
          baseUrl: config.baseUrl,
          small: config.smallModel,
          large: config.largeModel,
          embedding: config.embeddingModel,
        },
        'OpenAI-compatible models configured',
      );
    },
    models: {
      TEXT_SMALL: createTextHandler('small', options),
      TEXT_LARGE: createTextHandler('large', options),
      OBJECT_SMALL: createObjectHandler('small', options),
      OBJECT_LARGE: createObjectHandler('large', options),
      TEXT_EMBEDDING: createEmbeddingHandler(options),
      IMAGE_DESCRIPTION: createImageDescriptionHandler(options),
      IMAGE: createImageHandler(options),
      TEXT_TOKENIZER_ENCODE: encodeTokens,
      TEXT_TOKENIZER_DECODE: decodeTokens,
    },
  };
}

export const openaiPlugin: Plugin = createOpenAIPlugin();
