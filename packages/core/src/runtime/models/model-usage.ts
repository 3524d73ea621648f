import { AsyncLocalStorage } from 'node:async_hooks';
import type { TokenUsage } from '../../types/model';

/** The token usage one handler attempt reported. */
export interface UsageSlot {
  usage?: TokenUsage;
  /** The model the handler said it used. */
  model?: string;
}

/** What a model handler reports about its call: tokens (all optional, they add up) and the model it used. */
export type ModelUsageReport = Partial<TokenUsage> & { model?: string };

// Shared through a global symbol so a plugin that resolved its own copy of
// @kith/core still reports to the runtime that called it (as KithError does).
const STORE_KEY = Symbol.for('kith.model-usage');

function usageStore(): AsyncLocalStorage<UsageSlot> {
  const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<UsageSlot> | undefined>;
  let store = holder[STORE_KEY];
  if (!store) {
    store = new AsyncLocalStorage<UsageSlot>();
    holder[STORE_KEY] = store;
  }
  return store;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Adds token usage (and the model name) to the model call in progress, so `useModel` reports it in
 * MODEL_USED. Works whatever the params shape (a string or null cannot carry
 * `params.usage`); several reports in one call (a retry, a repair request)
 * add up. `cachedInputTokens` is kept only once some report carried it, so
 * "the provider said 0" stays apart from "the provider did not say".
 * Returns false when called outside a `useModel` handler.
 */
export function reportModelUsage(usage: ModelUsageReport): boolean {
  const slot = usageStore().getStore();
  if (!slot) return false;
  if (typeof usage.model === 'string' && usage.model) slot.model = usage.model;
  // A report of the model alone leaves the token counts as they are.
  if (
    usage.promptTokens === undefined &&
    usage.completionTokens === undefined &&
    usage.totalTokens === undefined &&
    usage.cachedInputTokens === undefined &&
    usage.cacheCreationInputTokens === undefined
  )
    return true;
  const promptTokens = count(usage.promptTokens);
  const completionTokens = count(usage.completionTokens);
  const totalTokens = count(usage.totalTokens) || promptTokens + completionTokens;
  const previous = slot.usage;
  const next: TokenUsage = {
    promptTokens: (previous?.promptTokens ?? 0) + promptTokens,
    completionTokens: (previous?.completionTokens ?? 0) + completionTokens,
    totalTokens: (previous?.totalTokens ?? 0) + totalTokens,
  };
  const reportsCached = typeof usage.cachedInputTokens === 'number' && Number.isFinite(usage.cachedInputTokens);
  if (reportsCached || previous?.cachedInputTokens !== undefined) {
    next.cachedInputTokens = (previous?.cachedInputTokens ?? 0) + count(usage.cachedInputTokens);
  }
  const reportsWritten =
    typeof usage.cacheCreationInputTokens === 'number' && Number.isFinite(usage.cacheCreationInputTokens);
  if (reportsWritten || previous?.cacheCreationInputTokens !== undefined) {
    next.cacheCreationInputTokens = (previous?.cacheCreationInputTokens ?? 0) + count(usage.cacheCreationInputTokens);
  }
  slot.usage = next;
  return true;
}

/** Runs one handler attempt with its own usage slot; nested useModel calls get their own. */
export function runWithUsageSlot<T>(slot: UsageSlot, fn: () => Promise<T>): Promise<T> {
  return usageStore().run(slot, fn);
}
