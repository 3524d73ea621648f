import type { ModelUsageRecord } from '@kith/core';
import { dayOf } from './usage-day';

/** A model_usage day row's key and the totals to add: day, room ('' for none), model type, provider, model, then calls, failed calls, input, cached input and output tokens, duration ms, cost, unpriced calls. */
export type UsageRow = [
  day: number,
  roomId: string,
  modelType: string,
  provider: string,
  model: string,
  ...totals: number[],
];

/** The day row a record adds to (both dialects' model_usage). */
export function usageRowOf(r: ModelUsageRecord): UsageRow {
  return [
    dayOf(r.at),
    r.roomId ?? '',
    r.modelType,
    r.provider,
    r.model,
    r.calls,
    r.failedCalls,
    r.inputTokens,
    r.cachedInputTokens,
    r.outputTokens,
    r.durationMs,
    r.costUsd,
    r.unpricedCalls,
  ];
}
