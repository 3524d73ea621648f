import { reportModelUsage } from '@kith/core';
import type { ChatUsage } from '../http/wire-schemas';

/** `usage.prompt_tokens_details.cached_tokens`: the prompt tokens the server read from its prompt cache. */
function cachedTokens(usage: NonNullable<ChatUsage>): number | undefined {
  const details = usage.prompt_tokens_details;
  const cached =
    details && typeof details === 'object' ? (details as { cached_tokens?: unknown }).cached_tokens : undefined;
  return typeof cached === 'number' && Number.isFinite(cached) && cached >= 0 ? cached : undefined;
}

/**
 * Reports OpenAI `usage` ({prompt_tokens, completion_tokens, and the cached
 * part of the prompt when the server says}) for the MODEL_USED event of this call.
 */
export function reportChatUsage(usage: ChatUsage): void {
  if (!usage) return;
  const cachedInputTokens = cachedTokens(usage);
  reportModelUsage({
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    totalTokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
    ...(cachedInputTokens !== undefined ? { cachedInputTokens } : {}),
  });
}
