import {
  reportModelUsage,
  type IAgentRuntime,
  type TextEmbeddingBatchParams,
  type TextEmbeddingParams,
} from '@kith/core';
import { OpenAIEmbeddingDimensionError, OpenAIResponseError } from '../errors';
import { embeddingResponseSchema, parseWire } from '../http/wire-schemas';
import { openAICall, type OpenAIPluginDeps } from './openai-call';

export type EmbeddingParams = TextEmbeddingParams | TextEmbeddingBatchParams | string | string[] | null;

const EMBEDDINGS_PATH = '/embeddings';

/**
 * The vector given for null params (the runtime's dimension probe) and for
 * empty text, which the API rejects: zeros with a marker in the first slot,
 * as elizaOS's providers answer, so its length is the configured dimension.
 */
export function placeholderVector(dimensions: number, marker = 0.1): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = marker;
  return vector;
}

function textsOf(params: EmbeddingParams): { texts: string[]; batch: boolean } | null {
  if (params === null || params === undefined) return null;
  if (typeof params === 'string') return { texts: [params], batch: false };
  if (Array.isArray(params)) return { texts: params.map(String), batch: true };
  if ('texts' in params && Array.isArray(params.texts)) return { texts: params.texts.map(String), batch: true };
  if ('text' in params) return { texts: [String(params.text ?? '')], batch: false };
  return null;
}

/** Only text-embedding-3 models accept `dimensions`; other servers may reject the field. */
function acceptsDimensions(model: string): boolean {
  return /text-embedding-3/.test(model);
}

/**
 * TEXT_EMBEDDING: `{text}` or a string gives one vector; `{texts}` (or an
 * array) gives one vector per text from a single request; null answers the
 * dimension probe without a request.
 */
export function createEmbeddingHandler(deps: OpenAIPluginDeps = {}) {
  return async (runtime: IAgentRuntime, params: EmbeddingParams): Promise<number[] | number[][]> => {
    const { config, client } = openAICall(runtime, deps);
    const dimensions = config.embeddingDimensions;
    const input = textsOf(params);
    if (!input) return placeholderVector(dimensions);

    const wanted = input.texts
      .map((text, index) => ({ text: text.trim(), index }))
      .filter((item) => item.text.length > 0);
    const vectors: number[][] = input.texts.map(() => placeholderVector(dimensions, 0.3));
    if (wanted.length > 0) {
      const target = { model: config.embeddingModel, modelSetting: 'OPENAI_EMBEDDING_MODEL' };
      reportModelUsage({ model: config.embeddingModel });
      const context = client.contextFor(EMBEDDINGS_PATH, target);
      const body: Record<string, unknown> = {
        model: config.embeddingModel,
        input: wanted.map((item) => item.text),
        encoding_format: 'float',
      };
      if (acceptsDimensions(config.embeddingModel)) body.dimensions = dimensions;
      const response = parseWire(
        embeddingResponseSchema,
        await client.postJson(EMBEDDINGS_PATH, body, target),
        context,
      );
      if (response.data.length !== wanted.length) {
        throw new OpenAIResponseError(context, `${response.data.length} embeddings for ${wanted.length} inputs`, {
          retryable: false,
        });
      }
      if (response.usage) {
        const prompt = response.usage.prompt_tokens ?? response.usage.total_tokens ?? 0;
        reportModelUsage({
          promptTokens: prompt,
          completionTokens: 0,
          totalTokens: response.usage.total_tokens ?? prompt,
        });
      }
      response.data.forEach((item, position) => {
        if (item.embedding.length !== dimensions)
          throw new OpenAIEmbeddingDimensionError(context, dimensions, item.embedding.length);
        // `index` says which input a vector belongs to; servers without it answer in order.
        vectors[wanted[item.index ?? position]?.index ?? position] = item.embedding;
      });
    }
    return input.batch ? vectors : vectors[0];
  };
}
