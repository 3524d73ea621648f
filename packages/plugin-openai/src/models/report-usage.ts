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
 * Prompt tokens written to the cache, where an OpenAI-compatible server says:
 * `prompt_tokens_details.cache_write_tokens` (OpenRouter) or
 * `cache_creation_input_tokens` (Anthropic's naming). OpenAI itself does not report it.
 */
function cacheWriteTokens(usage: NonNullable<ChatUsage>): number | undefined {
  const details = usage.prompt_tokens_details as { cache_write_tokens?: unknown } | undefined | null;
  const value =
    (details && typeof details === 'object' ? details.cache_write_tokens : undefined) ??
    (usage as { cache_creation_input_tokens?: unknown }).cache_creation_input_tokens;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Reports OpenAI `usage` ({prompt_tokens, completion_tokens, and the cached
 * part of the prompt when the server says}) for the MODEL_USED event of this call.
 */
export function reportChatUsage(usage: ChatUsage): void {
  if (!usage) return;
  const cachedInputTokens = cachedTokens(usage);
  const cacheCreationInputTokens = cacheWriteTokens(usage);
  reportModelUsage({
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    totalTokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
    ...(cachedInputTokens !== undefined ? { cachedInputTokens } : {}),
    ...(cacheCreationInputTokens !== undefined ? { cacheCreationInputTokens } : {}),
  });
}
