import { readRunLogBody, RUN_LOG_TYPE, type IAgentRuntime, type Log, type UUID } from '@kith/core';
import { emptyTotals, type RunRecord } from './run-record';

/** A run_event log record (core's RunLogBody) as a RunRecord without step timeline; null when the record is not one. */
export function runFromLog(agentId: UUID, log: Log): RunRecord | null {
  const body = readRunLogBody(log.body);
  if (!body) return null;
  const totals = emptyTotals();
  for (const usage of body.models ?? []) {
    totals.modelCalls += usage.calls;
    totals.modelMs += usage.durationMs;
    totals.tokens.prompt += usage.promptTokens ?? 0;
    totals.tokens.completion += usage.completionTokens ?? 0;
    totals.tokens.total += usage.totalTokens ?? 0;
    totals.tokens.cached += usage.cachedInputTokens ?? 0;
    totals.costUsd += usage.costUsd ?? 0;
  }
  return {
    runId: body.runId,
    agentId,
    roomId: body.roomId ?? log.roomId,
    messageId: body.messageId,
    entityId: body.entityId,
    status: body.status,
    startedAt: body.startTime ?? log.createdAt.getTime(),
    endedAt: body.endTime,
    durationMs: body.duration,
    error: body.error,
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
export async function readLoggedRuns(
  runtime: IAgentRuntime,
  options: { roomId?: UUID; count: number },
): Promise<RunRecord[]> {
  let logs: Log[];
  try {
    logs = await runtime.adapter.getLogs({ type: RUN_LOG_TYPE, roomId: options.roomId, count: options.count });
  } catch (error) {
    runtime.logger.debug({ err: error }, 'Could not read run logs; listing recorded runs only');
    return [];
  }
  return logs.map((log) => runFromLog(runtime.agentId, log)).filter((run): run is RunRecord => run !== null);
}
