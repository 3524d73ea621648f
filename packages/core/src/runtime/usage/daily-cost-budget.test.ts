import type { CostBudgetStatus } from '../../types/usage';
import { DailyCostBudget } from './daily-cost-budget';

describe('DailyCostBudget', () => {
  const setup = (start: string) => {
    let now = Date.parse(start);
    const reported: CostBudgetStatus[] = [];
    const budget = new DailyCostBudget(
      1,
      () => 'offline-model',
      (status) => reported.push(status),
      () => now,
    );
    return { budget, reported, advance: (ms: number) => (now += ms) };
  };

  it('is reached when the day’s spend gets to the limit, reports it once, and starts again the next UTC day', () => {
    const { budget, reported, advance } = setup('2026-11-20T10:00:00Z');
    budget.add(0.6);
    expect(budget.exceeded()).toBe(false);
    budget.add(0.4);
    expect(budget.exceeded()).toBe(true);
    budget.add(0.3);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ limitUsd: 1, day: '2026-11-20', exceeded: true, fallback: 'offline-model' });
    budget.countOverBudget();
    expect(budget.status()).toMatchObject({ spentUsd: 1.3, callsOverBudget: 1 });
    advance(14 * 3_600_000); // past midnight UTC
    expect(budget.exceeded()).toBe(false);
    expect(budget.status()).toMatchObject({ day: '2026-11-21', spentUsd: 0, callsOverBudget: 0 });
  });

  it('counts what the usage table held for today, and reports a reached limit only when no record says so yet', () => {
    const first = setup('2026-11-20T10:00:00Z');
    first.budget.seed('2026-11-19', 5, false);
    expect(first.budget.exceeded()).toBe(false);
    first.budget.seed('2026-11-20', 2, true);
    expect(first.budget.exceeded()).toBe(true);
    expect(first.reported).toHaveLength(0);
    const second = setup('2026-11-20T10:00:00Z');
    second.budget.seed('2026-11-20', 2, false);
    expect(second.reported).toHaveLength(1);
  });
});
