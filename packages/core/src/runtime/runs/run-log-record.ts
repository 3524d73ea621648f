import type { RunStatus } from '../../types/events';
import type { UUID } from '../../types/primitives';

/**
 * The log records a finished run leaves in the adapter's logs table. One
 * definition, written by @kith/plugin-sql's run-log recorder and read back by
 * @kith/server (GET /runs for runs older than the process). The type names
 * are elizaOS's, so tools reading its logs table find them.
 */
export const RUN_LOG_TYPE = 'run_event';
/** Log type prefix of a model call made outside a run: `useModel:TEXT_SMALL`... */
export const MODEL_LOG_PREFIX = 'useModel:';

/** A run's model calls of one type and provider, summed. */
export interface RunLogModelUsage {
  modelType: string;
  provider: string;
  calls: number;
  failed: number;
  promptChars: number;
  durationMs: number;
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
  /** Kith: the model the handler reported. */
  model?: string;
  /** Kith: of promptTokens, those served from the provider's prompt cache. */
  cachedInputTokens?: number;
  /** Kith: USD of the calls with a known price. */
  costUsd?: number;
  /** Kith: calls that spent tokens on a model without a price. */
  unpricedCalls?: number;
  /** Kith: calls the offline model answered past MAX_DAILY_COST_USD. */
  overBudget?: number;
}

/** The body of a `run_event` record (elizaOS's fields, plus `models`). */
export interface RunLogBody {
  runId: UUID;
  status: RunStatus;
  messageId?: UUID;
  roomId?: UUID;
  entityId?: UUID;
  /** Epoch ms. */
  startTime?: number;
  endTime?: number;
  /** ms. */
  duration?: number;
  source?: string;
  error?: string;
  models?: RunLogModelUsage[];
}

/**
 * A `run_event` body read back, or null when it is not one (no `runId`);
 * the zod schemas (run-log-schemas.ts) load on the first call: zod costs a
 * process ~3 MB of heap and ~11 MB of RSS, and only the server reads runs
 * back.
 */
export function readRunLogBody(body: unknown): RunLogBody | null {
  const { runLogBodySchema } = require('./run-log-schemas') as typeof import('./run-log-schemas');
  const parsed = runLogBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const read: RunLogBody = { runId: parsed.data.runId, status: parsed.data.status };
  for (const [key, value] of Object.entries(parsed.data))
    if (value !== undefined) (read as unknown as Record<string, unknown>)[key] = value;
  return read;
}
