import type { BudgetFallback, CostBudgetStatus } from '../../types/usage';
import { utcDay } from './usage-report';

/** The provider whose handlers answer past the budget (@kith/plugin-eliza-classic). */
export const BUDGET_FALLBACK_PROVIDER = 'eliza-classic';

/** What the agent says past the budget when BUDGET_EXCEEDED_MESSAGE is unset and no offline model is registered. */
export const DEFAULT_BUDGET_MESSAGE = "I've reached my limit for today. Please come back tomorrow.";

/**
 * An agent's spend per UTC day against MAX_DAILY_COST_USD. The limit is
 * checked before each call, so calls already in flight when it is reached
 * still finish (and count). Each process counts its own calls on top of what
 * the usage table held when it started: agents of a fleet sharing a
 * database may overshoot by what the others spend that day.
 */
export class DailyCostBudget {
  private day: string;
  private spent = 0;
  private exceededAt: number | undefined;
  private overBudget = 0;

  constructor(
    readonly limitUsd: number,
    private readonly fallback: () => BudgetFallback,
    private readonly onExceeded: (status: CostBudgetStatus) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.day = utcDay(this.now());
  }

  /** Adds spend recorded before this process started (the usage table's figure for `day`). */
  seed(day: string, spentUsd: number, alreadyReported: boolean): void {
    this.roll();
    if (day !== this.day || !(spentUsd > 0)) return;
    this.spent += spentUsd;
    if (this.spent >= this.limitUsd && this.exceededAt === undefined) {
      this.exceededAt = this.now();
      if (!alreadyReported) this.onExceeded(this.status());
    }
  }

  add(costUsd: number): void {
    this.roll();
    if (!(costUsd > 0)) return;
    this.spent += costUsd;
    if (this.spent >= this.limitUsd && this.exceededAt === undefined) {
      this.exceededAt = this.now();
      this.onExceeded(this.status());
    }
  }

  /** True once today's spend reached the limit (until the next UTC day). */
  exceeded(): boolean {
    this.roll();
    return this.exceededAt !== undefined;
  }

  /** Counts a call sent to the fallback or refused. */
  countOverBudget(): void {
    this.overBudget += 1;
  }

  status(): CostBudgetStatus {
    this.roll();
    return {
      limitUsd: this.limitUsd,
      day: this.day,
      spentUsd: this.spent,
      exceeded: this.exceededAt !== undefined,
      ...(this.exceededAt === undefined ? {} : { exceededAt: this.exceededAt }),
      callsOverBudget: this.overBudget,
      fallback: this.fallback(),
    };
  }

  private roll(): void {
    const today = utcDay(this.now());
    if (today === this.day) return;
    this.day = today;
    this.spent = 0;
    this.exceededAt = undefined;
    this.overBudget = 0;
  }
}
