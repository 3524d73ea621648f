import type { GenerateTextParams, IAgentRuntime } from '@kith/core';
import { chatRequestBody, completeChat, streamChat, type ChatMessage } from './chat';
import { openAICall, type OpenAIPluginDeps } from './openai-call';
import { promptCacheKey } from './prompt-cache-key';

export type TextSize = 'small' | 'large';

/** The model and setting name for a size, so errors can say which setting to change. */
export function textModel(
  config: { smallModel: string; largeModel: string },
  size: TextSize,
): { model: string; modelSetting: string } {
  return size === 'small'
    ? { model: config.smallModel, modelSetting: 'OPENAI_SMALL_MODEL' }
    : { model: config.largeModel, modelSetting: 'OPENAI_LARGE_MODEL' };
}

/** The prompt as the user message, after the character's system prompt (as elizaOS does). */
export function promptMessages(runtime: IAgentRuntime, prompt: string, system?: string): ChatMessage[] {
  const systemText = system ?? runtime.character?.system;
  return [...(systemText ? [{ role: 'system' as const, content: systemText }] : []), { role: 'user', content: prompt }];
}

/**
 * TEXT_SMALL / TEXT_LARGE: a chat completion, streamed when the caller passes
 * onStreamChunk, with a `prompt_cache_key` for the room the hints name.
 */
export function createTextHandler(size: TextSize, deps: OpenAIPluginDeps = {}) {
  return async (runtime: IAgentRuntime, params: GenerateTextParams): Promise<string> => {
    const { config, client } = openAICall(runtime, deps);
    const target = textModel(config, size);
    const options = {
      ...params,
      promptCacheKey: config.promptCacheKey ? promptCacheKey(runtime.agentId, params.hints) : undefined,
    };
    const body = chatRequestBody(target.model, promptMessages(runtime, params.prompt, params.system), options);
    if (typeof params.onStreamChunk === 'function') return streamChat(client, body, target, params.onStreamChunk);
    return completeChat(client, body, target);
  };
}
