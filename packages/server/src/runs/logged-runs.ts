import type { IAgentRuntime, Log, RunStatus, UUID } from '@kith/core';
import { emptyTotals, type RunRecord } from './run-record';

/** The log type plugin-sql writes for each finished run (elizaOS's name). */
export const RUN_LOG_TYPE = 'run_event';

const STATUSES: readonly RunStatus[] = ['started', 'completed', 'timeout', 'error', 'discarded'];

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** A run_event log record as a RunRecord without step timeline; null when the record is not one. */
export function runFromLog(agentId: UUID, log: Log): RunRecord | null {
  const body = log.body;
  const runId = str(body.runId);
  if (!runId) return null;
  const status = STATUSES.find((s) => s === body.status) ?? 'completed';
  const totals = emptyTotals();
  for (const model of Array.isArray(body.models) ? body.models : []) {
    const usage = model as Record<string, unknown>;
    totals.modelCalls += num(usage.calls) ?? 0;
    totals.modelMs += num(usage.durationMs) ?? 0;
    totals.tokens.prompt += num(usage.promptTokens) ?? 0;
    totals.tokens.completion += num(usage.completionTokens) ?? 0;
    totals.tokens.total += num(usage.totalTokens) ?? 0;
  }
  const startedAt = num(body.startTime) ?? log.createdAt.getTime();
  return {
    runId: runId as UUID,
    agentId,
    roomId: (str(body.roomId) ?? log.roomId) as UUID | undefined,
    messageId: str(body.messageId) as UUID | undefined,
    entityId: str(body.entityId) as UUID | undefined,
    status,
    startedAt,
    endedAt: num(body.endTime),
    durationMs: num(body.duration),
    error: str(body.error),
    source: 'log',
    totals,
    events: [],
    truncated: false,
  };
}

/**
 * Finished runs read back from the adapter's logs table, newest first: how
 * runs from before this process started (or past the in-memory ring) are
 * listed. An adapter without logs yields none.
 */
export async function readLoggedRuns(runtime: IAgentRuntime, options: { roomId?: UUID; count: number }): Promise<RunRecord[]> {
  let logs: Log[];
  try {
    logs = await runtime.adapter.getLogs({ type: RUN_LOG_TYPE, roomId: options.roomId, count: options.count });
  } catch (error) {
    runtime.logger.debug({ err: error }, 'Could not read run logs; listing recorded runs only');
    return [];
  }
  return logs.map((log) => runFromLog(runtime.agentId, log)).filter((run): run is RunRecord => run !== null);
}
