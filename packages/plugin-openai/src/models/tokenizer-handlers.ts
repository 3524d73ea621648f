import type { DetokenizeTextParams, IAgentRuntime, TokenizeTextParams } from '@kith/core';
import { loadOpenAIConfig } from '../config/openai-config';

export type EncodingName = 'o200k_base' | 'cl100k_base';

type Encoding = Pick<typeof import('gpt-tokenizer/encoding/o200k_base'), 'encode' | 'decode'>;

const encodings = new Map<EncodingName, Encoding>();

// Special-token text such as "<|endoftext|>" in a prompt is counted as plain text, not rejected.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The tiktoken encoding of a model name. Models OpenAI does not make
 * (llama, qwen, mistral behind Ollama or vLLM) get o200k_base: their own
 * tokenizers differ, so counts for them are an approximation.
 */
export function encodingForModel(model: string): EncodingName {
  const name = model.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-3\.5|gpt-35|gpt-4(?![o.])|text-embedding-)/.test(name)) return 'cl100k_base';
  return 'o200k_base';
}

/** The rank tables take a few hundred ms to load: load one only when first needed. */
function encoding(name: EncodingName): Encoding {
  let found = encodings.get(name);
  if (!found) {
    found = (
      name === 'cl100k_base'
        ? require('gpt-tokenizer/encoding/cl100k_base')
        : require('gpt-tokenizer/encoding/o200k_base')
    ) as Encoding;
    encodings.set(name, found);
  }
  return found;
}

function modelFor(runtime: IAgentRuntime, modelType: string | undefined): string {
  const config = loadOpenAIConfig(runtime);
  return modelType === 'TEXT_SMALL' || modelType === 'OBJECT_SMALL' ? config.smallModel : config.largeModel;
}

/** TEXT_TOKENIZER_ENCODE: tokens of `prompt` for the model of `modelType` (default TEXT_LARGE). */
export async function encodeTokens(runtime: IAgentRuntime, params: TokenizeTextParams): Promise<number[]> {
  return encoding(encodingForModel(modelFor(runtime, params.modelType))).encode(params.prompt ?? '', PLAIN_TEXT);
}

/** TEXT_TOKENIZER_DECODE: the text of `tokens`. */
export async function decodeTokens(runtime: IAgentRuntime, params: DetokenizeTextParams): Promise<string> {
  return encoding(encodingForModel(modelFor(runtime, params.modelType))).decode(params.tokens ?? []);
}
