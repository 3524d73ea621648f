import {
  addUsageTotals,
  emptyUsageTotals,
  usageModelKey,
  type ModelUsageRecord,
  type UsageGroup,
  type UsageQuery,
  type UsageReport,
  type UsageTotals,
} from '@kith/core';
import { usageRowOf } from '../../shared/usage/usage-row';
import type { PgStoreContext } from './store-context';
import { dayNumber, dayText } from '../../shared/usage/usage-day';

// float8: sums of bigint columns come back as numeric (text) otherwise.
const SUMS = `SUM(calls)::float8 AS calls, SUM(failed_calls)::float8 AS failed_calls, SUM(input_tokens)::float8 AS input_tokens,
  SUM(cached_input_tokens)::float8 AS cached_input_tokens, SUM(output_tokens)::float8 AS output_tokens, SUM(cost_usd)::float8 AS cost_usd,
  SUM(unpriced_calls)::float8 AS unpriced_calls`;

interface SumRow {
  calls: number | null;
  failed_calls: number | null;
  input_tokens: number | null;
  cached_input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  unpriced_calls: number | null;
}

function totalsOf(row: SumRow | undefined): UsageTotals {
  return {
    calls: Number(row?.calls ?? 0),
    failedCalls: Number(row?.failed_calls ?? 0),
    inputTokens: Number(row?.input_tokens ?? 0),
    cachedInputTokens: Number(row?.cached_input_tokens ?? 0),
    outputTokens: Number(row?.output_tokens ?? 0),
    costUsd: Number(row?.cost_usd ?? 0),
    unpricedCalls: Number(row?.unpriced_calls ?? 0),
  };
}

/**
 * Adds model calls to their day rows. Like log records they ride the write
 * batch (deferred: with the turn's next writes, or on their own after a
 * moment), where the batch sums the records of one row into one upsert.
 */
export function logModelUsage(ctx: PgStoreContext, records: readonly ModelUsageRecord[]): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  const rows = records.map(usageRowOf);
  return ctx.conn.writes.submit<void>({ kind: 'usage', agentId: ctx.agentId, rows }, true);
}

/** Totals and groups over whole UTC days, from the primary key's (agent_id, day, ...) range. */
export async function getUsage(ctx: PgStoreContext, query: UsageQuery): Promise<UsageReport> {
  // Queued usage is committed first.
  await ctx.conn.writes.settled(true);
  const where = ['agent_id = $1'];
  const values: unknown[] = [ctx.agentId];
  if (query.from !== undefined) {
    values.push(dayNumber(query.from));
    where.push(`day >= $${values.length}`);
  }
  if (query.to !== undefined) {
    values.push(dayNumber(query.to));
    where.push(`day <= $${values.length}`);
  }
  if (query.roomId !== undefined) {
    values.push(query.roomId);
    where.push(`room_id = $${values.length}`);
  }
  const filter = where.join(' AND ');
  const { rows } = await ctx.conn.driver.query<SumRow>({
    text: `SELECT ${SUMS} FROM model_usage WHERE ${filter}`,
    values,
  });
  const totals = totalsOf(rows[0]);
  if (!query.groupBy || totals.calls === 0) return { totals, groups: [] };
  const columns =
    query.groupBy === 'day' ? 'day' : query.groupBy === 'room' ? 'room_id' : 'provider, model, model_type';
  const grouped = await ctx.conn.driver.query<
    SumRow & { day?: number; room_id?: string; provider?: string; model?: string; model_type?: string }
  >({
    text: `SELECT ${columns}, ${SUMS} FROM model_usage WHERE ${filter} GROUP BY ${columns}`,
    values,
  });
  const groups = new Map<string, UsageGroup>();
  for (const row of grouped.rows) {
    const key =
      query.groupBy === 'day'
        ? dayText(Number(row.day))
        : query.groupBy === 'room'
          ? String(row.room_id)
          : usageModelKey(String(row.provider), String(row.model), String(row.model_type));
    let group = groups.get(key);
    // Two model types of one model share a group.
    if (!group) groups.set(key, (group = { key, ...emptyUsageTotals() }));
    addUsageTotals(group, totalsOf(row));
  }
  return { totals, groups: [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}
