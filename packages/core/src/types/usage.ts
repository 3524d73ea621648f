import type { UUID } from './primitives';

/**
 * Model calls of one kind (model type, provider, model) made in one room,
 * summed: what the run-log recorder hands the adapter when a run ends (and,
 * for calls outside runs, every 100 calls or minute). Adapters keep these
 * sums per UTC day, room and model, so a year of usage stays a few
 * thousand rows however many turns it held.
 */
export interface ModelUsageRecord {
  /** When the calls were made (epoch ms); the adapter files them under its UTC day. */
  at: number;
  /** The room of the run; absent for calls made outside runs (background embeddings, tasks). */
  roomId?: UUID;
  modelType: string;
  /** The plugin whose handler answered (`openai`, `eliza-classic`). */
  provider: string;
  /** The model the handler reported (`gpt-4o-mini`); empty when it reported none. */
  model: string;
  calls: number;
  failedCalls: number;
  /** Input tokens, cached ones included. */
  inputTokens: number;
  /** Of inputTokens, those served from the provider's prompt cache. */
  cachedInputTokens: number;
  outputTokens: number;
  durationMs: number;
  /** USD at the prices in force when the calls were made; calls without a known price add nothing here. */
  costUsd: number;
  /** Calls that spent tokens on a model without a known price (MODEL_PRICES names none for it). */
  unpricedCalls: number;
}

/** How getUsage groups its answer. */
export type UsageGroupBy = 'day' | 'room' | 'model';

export interface UsageQuery {
  /** First UTC day included, `YYYY-MM-DD`; default: no lower bound. */
  from?: string;
  /** Last UTC day included, `YYYY-MM-DD`; default: no upper bound. */
  to?: string;
  /** Without it, `groups` is empty. */
  groupBy?: UsageGroupBy;
  /** Only this room's usage. */
  roomId?: UUID;
}

export interface UsageTotals {
  calls: number;
  failedCalls: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  costUsd: number;
  unpricedCalls: number;
}

/**
 * One group of a usage answer. `key` is the UTC day (`YYYY-MM-DD`), the room
 * id (`''` for calls outside rooms) or the model (`provider/model`, or
 * `provider/MODEL_TYPE` when the handler named no model).
 */
export interface UsageGroup extends UsageTotals {
  key: string;
}

export interface UsageReport {
  totals: UsageTotals;
  /** Sorted by key (days oldest first). */
  groups: UsageGroup[];
}

/** What the agent does past MAX_DAILY_COST_USD. */
export type BudgetFallback = 'offline-model' | 'message';

/** Kith: the state of an agent's MAX_DAILY_COST_USD (IAgentRuntime.getCostBudget). */
export interface CostBudgetStatus {
  limitUsd: number;
  /** The UTC day the figures are for, `YYYY-MM-DD`. */
  day: string;
  /** Today's spend: what the usage table held at start, plus the calls this process made since. */
  spentUsd: number;
  exceeded: boolean;
  /** When today's spend reached the limit (epoch ms). */
  exceededAt?: number;
  /** Calls sent to the fallback (or refused) today because of the limit. */
  callsOverBudget: number;
  fallback: BudgetFallback;
}
