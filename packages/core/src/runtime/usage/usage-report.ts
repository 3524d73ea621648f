import type { ModelUsageRecord, UsageGroup, UsageQuery, UsageReport, UsageTotals } from '../../types/usage';

/** A UsageGroup's key for a model: `provider/model`, or `provider/MODEL_TYPE` when no model was reported. */
export function usageModelKey(provider: string, model: string, modelType: string): string {
  return `${provider}/${model || modelType}`;
}

/** The UTC day of an epoch-ms time, `YYYY-MM-DD`. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function emptyUsageTotals(): UsageTotals {
  return {
    calls: 0,
    failedCalls: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    unpricedCalls: 0,
  };
}

/** Adds `record`'s counts, tokens and cost to `totals`. */
export function addUsageTotals(totals: UsageTotals, record: UsageTotals): void {
  totals.calls += record.calls;
  totals.failedCalls += record.failedCalls;
  totals.inputTokens += record.inputTokens;
  totals.cachedInputTokens += record.cachedInputTokens;
  totals.outputTokens += record.outputTokens;
  totals.costUsd += record.costUsd;
  totals.unpricedCalls += record.unpricedCalls;
}

function toTotals(record: ModelUsageRecord): UsageTotals {
  return {
    calls: record.calls,
    failedCalls: record.failedCalls,
    inputTokens: record.inputTokens,
    cachedInputTokens: record.cachedInputTokens,
    outputTokens: record.outputTokens,
    costUsd: record.costUsd,
    unpricedCalls: record.unpricedCalls,
  };
}

/**
 * A usage answer computed from records in memory: what the SQL of an
 * adapter computes, for adapters that keep records as objects (the
 * in-memory test adapter) and as the reference its contract tests hold
 * SQL adapters to.
 */
export function summarizeUsage(records: Iterable<ModelUsageRecord>, query: UsageQuery): UsageReport {
  const totals = emptyUsageTotals();
  const groups = new Map<string, UsageGroup>();
  for (const record of records) {
    const day = utcDay(record.at);
    if ((query.from !== undefined && day < query.from) || (query.to !== undefined && day > query.to)) continue;
    if (query.roomId !== undefined && record.roomId !== query.roomId) continue;
    const values = toTotals(record);
    addUsageTotals(totals, values);
    if (!query.groupBy) continue;
    const key =
      query.groupBy === 'day'
        ? day
        : query.groupBy === 'room'
          ? (record.roomId ?? '')
          : usageModelKey(record.provider, record.model, record.modelType);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, ...emptyUsageTotals() }));
    addUsageTotals(group, values);
  }
  return { totals, groups: [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}
