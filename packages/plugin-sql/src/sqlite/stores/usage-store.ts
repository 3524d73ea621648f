import {
  usageModelKey,
  type ModelUsageRecord,
  type UsageGroup,
  type UsageQuery,
  type UsageReport,
  type UsageTotals,
} from '@kith/core';
import type { StoreContext } from './store-context';
import { dayNumber, dayText } from '../../shared/usage/usage-day';
import { usageRowOf } from '../../shared/usage/usage-row';

const UPSERT_USAGE = `INSERT INTO model_usage (agent_id, day, room_id, model_type, provider, model, calls, failed_calls,
  input_tokens, cached_input_tokens, output_tokens, duration_ms, cost_usd, unpriced_calls)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (agent_id, day, room_id, model_type, provider, model) DO UPDATE SET
  calls = calls + excluded.calls,
  failed_calls = failed_calls + excluded.failed_calls,
  input_tokens = input_tokens + excluded.input_tokens,
  cached_input_tokens = cached_input_tokens + excluded.cached_input_tokens,
  output_tokens = output_tokens + excluded.output_tokens,
  duration_ms = duration_ms + excluded.duration_ms,
  cost_usd = cost_usd + excluded.cost_usd,
  unpriced_calls = unpriced_calls + excluded.unpriced_calls`;

const SUMS = `SUM(calls), SUM(failed_calls), SUM(input_tokens), SUM(cached_input_tokens), SUM(output_tokens), SUM(cost_usd), SUM(unpriced_calls)`;

/** The key expression of each grouping; the model key is put together in JavaScript (usageModelKey). */
const GROUP_COLUMNS = { day: 'day', room: 'room_id', model: 'provider, model, model_type' } as const;

type SumRow = [number | null, number | null, number | null, number | null, number | null, number | null, number | null];

function totalsOf(row: SumRow): UsageTotals {
  return {
    calls: row[0] ?? 0,
    failedCalls: row[1] ?? 0,
    inputTokens: row[2] ?? 0,
    cachedInputTokens: row[3] ?? 0,
    outputTokens: row[4] ?? 0,
    costUsd: row[5] ?? 0,
    unpricedCalls: row[6] ?? 0,
  };
}

/**
 * Adds summed model calls to their day rows. Like log records, usage rides
 * along with a later commit (within 25 ms) instead of paying for its own.
 */
export function logModelUsage(ctx: StoreContext, records: readonly ModelUsageRecord[]): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  const rows = records.map((r) => [ctx.agentId, ...usageRowOf(r)]);
  return ctx.conn.batchDeferred(() => {
    for (const row of rows) ctx.conn.run(UPSERT_USAGE, ...row);
  });
}

/**
 * Totals and groups over whole UTC days, read from the primary key's
 * (agent_id, day, ...) range: one pass over a range's day rows, however
 * many calls they sum.
 */
export function getUsage(ctx: StoreContext, query: UsageQuery): UsageReport {
  const where: string[] = ['agent_id = ?'];
  const params: (string | number)[] = [ctx.agentId];
  if (query.from !== undefined) {
    where.push('day >= ?');
    params.push(dayNumber(query.from));
  }
  if (query.to !== undefined) {
    where.push('day <= ?');
    params.push(dayNumber(query.to));
  }
  if (query.roomId !== undefined) {
    where.push('room_id = ?');
    params.push(query.roomId);
  }
  const filter = where.join(' AND ');
  const total = ctx.conn.tuple<SumRow>(`SELECT ${SUMS} FROM model_usage WHERE ${filter}`, ...params);
  const totals = totalsOf(total ?? [0, 0, 0, 0, 0, 0, 0]);
  if (!query.groupBy || totals.calls === 0) return { totals, groups: [] };
  const columns = GROUP_COLUMNS[query.groupBy];
  const keyCount = query.groupBy === 'model' ? 3 : 1;
  const rows = ctx.conn.tuples<unknown[]>(
    `SELECT ${columns}, ${SUMS} FROM model_usage WHERE ${filter} GROUP BY ${columns}`,
    ...params,
  );
  const groups = new Map<string, UsageGroup>();
  for (const row of rows) {
    const key =
      query.groupBy === 'day'
        ? dayText(row[0] as number)
        : query.groupBy === 'room'
          ? String(row[0])
          : usageModelKey(String(row[0]), String(row[1]), String(row[2]));
    const values = totalsOf(row.slice(keyCount) as SumRow);
    const group = groups.get(key);
    // Two model types of one model (TEXT_SMALL and TEXT_LARGE on gpt-4o-mini) share a group.
    if (group) for (const name of Object.keys(values) as (keyof UsageTotals)[]) group[name] += values[name];
    else groups.set(key, { key, ...values });
  }
  return { totals, groups: [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}
