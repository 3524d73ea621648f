import type { Logger } from '../../logger/logger';
import type { IDatabaseAdapter } from '../../types/database';
import type { UUID } from '../../types/primitives';
import type { IAgentRuntime } from '../../types/runtime';
import type { ModelRegistry } from '../models/model-registry';
import type { BudgetFallback, CostBudgetStatus } from '../../types/usage';
import { BUDGET_FALLBACK_PROVIDER, DailyCostBudget } from './daily-cost-budget';
import { ModelPrices } from './model-prices';
import { utcDay } from './usage-report';

/** Log type of the record written once per UTC day when an agent reaches MAX_DAILY_COST_USD. */
export const BUDGET_LOG_TYPE = 'budget_exceeded';

export interface ModelCostsDeps {
  agentId: UUID;
  logger: Logger;
  /** A setting as the runtime resolves it (character, then runtime settings). */
  setting(key: string): string | number | boolean | null;
  /** A setting's raw value: MODEL_PRICES may be an object in the character's settings. */
  rawSetting(key: string): unknown;
  /** Whether a model type has a handler from the offline fallback provider. */
  hasFallback(modelType: string): boolean;
  adapter(): IDatabaseAdapter | undefined;
}

/**
 * An agent's prices (MODEL_PRICES over the defaults) and daily budget
 * (MAX_DAILY_COST_USD), read from settings when first needed and again
 * when the setting changes.
 */
export class ModelCosts {
  private pricesCache: { raw: unknown; prices: ModelPrices } | undefined;
  private budgetCache: DailyCostBudget | undefined;
  private seeded: Promise<void> | undefined;

  constructor(private readonly deps: ModelCostsDeps) {}

  /** An agent's costs over its settings and model handlers; `adapter` may be unset yet (no adapter registered). */
  static forRuntime(
    runtime: IAgentRuntime,
    models: ModelRegistry,
    adapter: () => IDatabaseAdapter | undefined,
  ): ModelCosts {
    return new ModelCosts({
      agentId: runtime.agentId,
      logger: runtime.logger,
      setting: (key) => runtime.getSetting(key),
      rawSetting: (key) => runtime.character.settings?.[key] ?? runtime.getSetting(key) ?? process.env[key],
      hasFallback: (modelType) =>
        models.handlers(modelType).some((entry) => entry.provider === BUDGET_FALLBACK_PROVIDER),
      adapter,
    });
  }

  prices(): ModelPrices {
    const raw = this.deps.rawSetting('MODEL_PRICES');
    if (!this.pricesCache || this.pricesCache.raw !== raw)
      this.pricesCache = { raw, prices: ModelPrices.fromSetting(raw) };
    return this.pricesCache.prices;
  }

  /** The budget when MAX_DAILY_COST_USD is a positive number. */
  budget(): DailyCostBudget | undefined {
    const limit = this.limit();
    if (limit === undefined) return undefined;
    if (this.budgetCache?.limitUsd !== limit) {
      const previous = this.budgetCache;
      this.budgetCache = new DailyCostBudget(
        limit,
        () => this.fallback(),
        (status) => this.reportExceeded(status),
      );
      // A changed limit keeps today's spend.
      if (previous)
        this.budgetCache.seed(previous.status().day, previous.status().spentUsd, previous.status().exceeded);
    }
    return this.budgetCache;
  }

  status(): CostBudgetStatus | null {
    return this.budget()?.status() ?? null;
  }

  /**
   * Checks MODEL_PRICES (a bad value stops the boot with the fix) and seeds
   * today's spend from the adapter's usage, so a restart does not reset the
   * budget.
   */
  async start(): Promise<void> {
    this.prices();
    if (!this.budget()) return;
    this.seeded ??= this.seed();
    await this.seeded;
  }

  private async seed(): Promise<void> {
    const adapter = this.deps.adapter();
    const budget = this.budget();
    if (!adapter?.getUsage || !budget) return;
    const day = utcDay(Date.now());
    try {
      const [usage, reported] = await Promise.all([
        adapter.getUsage({ from: day, to: day }),
        adapter.getLogs({ type: BUDGET_LOG_TYPE, count: 1 }),
      ]);
      const already = reported.some((log) => log.body.day === day);
      budget.seed(day, usage.totals.costUsd, already);
    } catch (error) {
      this.deps.logger.warn({ err: error }, "Could not read today's usage; the daily budget counts from now");
    }
  }

  private limit(): number | undefined {
    const raw = this.deps.setting('MAX_DAILY_COST_USD') ?? process.env.MAX_DAILY_COST_USD ?? null;
    if (raw === null || raw === '' || typeof raw === 'boolean') return undefined;
    const value = Number(raw);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }

  private fallback(): BudgetFallback {
    const message = this.deps.setting('BUDGET_EXCEEDED_MESSAGE');
    if (typeof message === 'string' && message.trim()) return 'message';
    return this.deps.hasFallback('TEXT_LARGE') ? 'offline-model' : 'message';
  }

  /** Once per UTC day: one warning, one log record (which the usage view shows). */
  private reportExceeded(status: CostBudgetStatus): void {
    const how =
      status.fallback === 'offline-model'
        ? `the offline model (${BUDGET_FALLBACK_PROVIDER}) answers`
        : 'the agent answers with BUDGET_EXCEEDED_MESSAGE';
    this.deps.logger.warn(
      { limitUsd: status.limitUsd, spentUsd: status.spentUsd, day: status.day, fallback: status.fallback },
      `Daily cost budget reached ($${status.spentUsd.toFixed(4)} of MAX_DAILY_COST_USD $${status.limitUsd}); until midnight UTC ${how}`,
    );
    const adapter = this.deps.adapter();
    if (!adapter) return;
    adapter
      .log({
        type: BUDGET_LOG_TYPE,
        entityId: this.deps.agentId,
        roomId: this.deps.agentId,
        body: {
          day: status.day,
          limitUsd: status.limitUsd,
          spentUsd: status.spentUsd,
          fallback: status.fallback,
          at: status.exceededAt,
        },
      })
      .catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'Could not record that the daily budget was reached'),
      );
  }
}
