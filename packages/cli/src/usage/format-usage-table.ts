import type { CostBudgetStatus, UsageGroupBy, UsageReport, UsageTotals } from '@kith/core';

export interface UsageTableInput {
  report: UsageReport;
  groupBy: UsageGroupBy;
  /** Room names by id, for room groups. */
  roomNames?: ReadonlyMap<string, string>;
  /** Days on which the agent reached MAX_DAILY_COST_USD. */
  overBudgetDays?: ReadonlySet<string>;
}

const integer = new Intl.NumberFormat('en-US');

export function formatUsd(usd: number): string {
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

function label(input: UsageTableInput, key: string): string {
  if (input.groupBy === 'room') {
    if (key === '') return '(outside rooms)';
    const name = input.roomNames?.get(key);
    return name ? `${name} (${key.slice(0, 8)})` : key;
  }
  if (input.groupBy === 'day' && input.overBudgetDays?.has(key)) return `${key} *`;
  return key;
}

function cells(name: string, totals: UsageTotals): string[] {
  return [
    name,
    integer.format(totals.calls),
    integer.format(totals.inputTokens),
    integer.format(totals.cachedInputTokens),
    integer.format(totals.outputTokens),
    formatUsd(totals.costUsd),
  ];
}

/** The usage answer as a plain-text table: one row per group, then the total; numbers right-aligned. */
export function formatUsageTable(input: UsageTableInput): string[] {
  const header = [input.groupBy, 'calls', 'input tokens', 'cached', 'output tokens', 'cost (USD)'];
  const rows = input.report.groups.map((group) => cells(label(input, group.key), group));
  const total = cells('total', input.report.totals);
  const all = [header, ...rows, total];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const lines = [line(header), rule, ...rows.map(line), rule, line(total)];
  if (input.report.totals.unpricedCalls > 0) {
    lines.push(
      `${integer.format(input.report.totals.unpricedCalls)} calls used models without a price: set MODEL_PRICES to count them.`,
    );
  }
  if (input.groupBy === 'day' && input.report.groups.some((group) => input.overBudgetDays?.has(group.key))) {
    lines.push(
      '* MAX_DAILY_COST_USD was reached that day; the agent answered offline (or with BUDGET_EXCEEDED_MESSAGE) after that.',
    );
  }
  return lines;
}

/** One line on today's budget. */
export function formatBudget(status: Pick<CostBudgetStatus, 'limitUsd' | 'spentUsd' | 'exceeded'>): string {
  const state = status.exceeded
    ? 'reached: the agent answers offline (or with BUDGET_EXCEEDED_MESSAGE) until midnight UTC'
    : `${formatUsd(Math.max(0, status.limitUsd - status.spentUsd))} left`;
  return `Daily budget (MAX_DAILY_COST_USD): ${formatUsd(status.spentUsd)} of ${formatUsd(status.limitUsd)} spent today (UTC); ${state}.`;
}
