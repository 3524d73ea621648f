import type { ObservedEvent } from '../observe/runtime-observers';
import { OperationStats, summarize, type OperationSummary } from './operation-stats';

/**
 * Per-operation counters and timings, named `<kind>:<name>`: `model:TEXT_LARGE`,
 * `provider:RECENT_MESSAGES`, `action:REPLY`, `evaluator:REFLECTION`,
 * `database:createMemory`, `run`, `http:POST /api/agents/:agentId/messages`.
 * Providers, actions and evaluators also name the plugin that registered them.
 */
export class MetricsRecorder {
  readonly operations = new Map<string, OperationStats>();

  record(operation: string, durationMs: number, success: boolean, plugin?: string): OperationStats {
    let stats = this.operations.get(operation);
    if (!stats) {
      stats = new OperationStats();
      this.operations.set(operation, stats);
    }
    stats.plugin ??= plugin;
    stats.record(durationMs, success);
    return stats;
  }

  /** Feeds one runtime event in (other events are ignored). */
  observe(event: ObservedEvent): void {
    switch (event.name) {
      case 'MODEL_USED': {
        const { payload } = event;
        const stats = this.record(`model:${payload.type}`, payload.durationMs, payload.success);
        if (payload.tokens)
          stats.addTokens(payload.tokens.promptTokens, payload.tokens.completionTokens, payload.tokens.totalTokens);
        return;
      }
      case 'PROVIDER_COMPLETED':
        this.record(
          `provider:${event.payload.providerName}`,
          event.payload.durationMs,
          event.payload.success,
          event.payload.pluginName,
        );
        return;
      case 'ACTION_COMPLETED':
        this.record(
          `action:${event.payload.actionName}`,
          event.payload.durationMs ?? 0,
          event.payload.result?.success !== false,
          event.payload.pluginName,
        );
        return;
      case 'EVALUATOR_COMPLETED':
        this.record(
          `evaluator:${event.payload.evaluatorName}`,
          event.payload.durationMs ?? 0,
          !event.payload.error,
          event.payload.pluginName,
        );
        return;
      case 'DATABASE_OPERATION':
        this.record(`database:${event.payload.operation}`, event.payload.durationMs, event.payload.success);
        return;
      case 'RUN_ENDED':
      case 'RUN_TIMEOUT': {
        const { payload } = event;
        const duration = payload.duration ?? (payload.endTime ?? Date.now()) - payload.startTime;
        this.record('run', duration, payload.status === 'completed' || payload.status === 'discarded');
        return;
      }
      default:
        return;
    }
  }
}

/** Summaries of every operation seen by any of the recorders, sorted by name. */
export function summarizeRecorders(recorders: readonly MetricsRecorder[]): Record<string, OperationSummary> {
  const names = new Set<string>();
  for (const recorder of recorders) for (const name of recorder.operations.keys()) names.add(name);
  const result: Record<string, OperationSummary> = {};
  for (const name of [...names].sort()) {
    const stats = recorders.map((r) => r.operations.get(name)).filter((s): s is OperationStats => s !== undefined);
    result[name] = summarize(stats);
  }
  return result;
}
