import type { RunStatus, UUID } from '@kith/core';

/** One step of a run, in the order the runtime reported it. */
export interface RunTimelineEvent {
  type: string;
  /** Epoch ms when the server saw it. */
  at: number;
  /** ms since the run started. */
  offsetMs: number;
  /** Action, evaluator or provider name, or the model type. */
  name?: string;
  /** The plugin that registered the action, evaluator or provider. */
  plugin?: string;
  provider?: string;
  durationMs?: number;
  success?: boolean;
  error?: string;
  tokens?: { prompt: number; completion: number; total: number; cached?: number };
  promptChars?: number;
  /** MODEL_USED: the model the handler named, the call's cost, and whether the budget sent it to the offline model. */
  model?: string;
  costUsd?: number;
  overBudget?: boolean;
  /** MODEL_USED with LOG_PROMPTS_TO_DB=true: the prompt and raw response (each cut at 50,000 characters). */
  prompt?: string;
  response?: string;
}

export interface RunTotals {
  modelCalls: number;
  modelMs: number;
  tokens: { prompt: number; completion: number; total: number; cached: number };
  /** USD of the calls with a known price. */
  costUsd: number;
  actions: string[];
}

/** A run (one message's turn) as GET /runs/:runId returns it. */
export interface RunRecord {
  runId: UUID;
  agentId: UUID;
  roomId?: UUID;
  messageId?: UUID;
  entityId?: UUID;
  status: RunStatus;
  startedAt: number;
  endedAt?: number;
  durationMs?: number;
  error?: string;
  /** `memory`: recorded live by this server; `log`: read back from the adapter's logs table (no step timeline). */
  source: 'memory' | 'log';
  totals: RunTotals;
  events: RunTimelineEvent[];
  /** True when the run had more steps than the server keeps per run. */
  truncated: boolean;
}

/** A run in a list: the record without its timeline. */
export type RunSummary = Omit<RunRecord, 'events'> & { eventCount: number };

export function summarizeRun(record: RunRecord): RunSummary {
  const { events, ...rest } = record;
  return { ...rest, eventCount: events.length };
}

export function emptyTotals(): RunTotals {
  return {
    modelCalls: 0,
    modelMs: 0,
    tokens: { prompt: 0, completion: 0, total: 0, cached: 0 },
    costUsd: 0,
    actions: [],
  };
}
