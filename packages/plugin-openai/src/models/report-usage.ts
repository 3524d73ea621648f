import { reportModelUsage } from '@kith/core';
import type { ChatUsage } from '../http/wire-schemas';

/** Reports OpenAI `usage` ({prompt_tokens, completion_tokens}) for the MODEL_USED event of this call. */
export function reportChatUsage(usage: ChatUsage): void {
  if (!usage) return;
  reportModelUsage({
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    totalTokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
  });
}
