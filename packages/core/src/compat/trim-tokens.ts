import type { IAgentRuntime } from '../types/runtime';

/** Characters per token when no tokenizer model is registered (a common rule of thumb for English). */
const CHARS_PER_TOKEN = 4;

/**
 * elizaOS 1.x `trimTokens`: keeps the last `maxTokens` tokens of `prompt`.
 * Uses the TEXT_TOKENIZER_ENCODE/DECODE models when a plugin registers them,
 * else cuts at about four characters a token.
 */
export async function trimTokens(
  prompt: string,
  maxTokens: number,
  runtime: Pick<IAgentRuntime, 'useModel' | 'getModel'>,
): Promise<string> {
  if (typeof prompt !== 'string') throw new TypeError('trimTokens: prompt must be a string');
  if (!(maxTokens > 0)) throw new RangeError('trimTokens: maxTokens must be positive');
  if (prompt.length <= maxTokens) return prompt;
  if (runtime.getModel('TEXT_TOKENIZER_ENCODE') && runtime.getModel('TEXT_TOKENIZER_DECODE')) {
    const tokens = await runtime.useModel('TEXT_TOKENIZER_ENCODE', { prompt, modelType: 'TEXT_TOKENIZER_ENCODE' });
    if (tokens.length <= maxTokens) return prompt;
    return runtime.useModel('TEXT_TOKENIZER_DECODE', {
      tokens: tokens.slice(-maxTokens),
      modelType: 'TEXT_TOKENIZER_DECODE',
    });
  }
  const keep = maxTokens * CHARS_PER_TOKEN;
  return prompt.length <= keep ? prompt : prompt.slice(-keep);
}
