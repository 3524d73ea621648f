import { BoundedMap, type UUID } from '@kith/core';
import type { ObservedEvent } from '../observe/runtime-observers';
import { emptyTotals, type RunRecord, type RunTimelineEvent } from './run-record';

export interface RunRecorderOptions {
  /** Runs kept per agent, oldest dropped first (default 200). */
  maxRuns?: number;
  /** Steps kept per run (default 300); later ones only count in the totals. */
  maxEventsPerRun?: number;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Prompts and responses kept per step (LOG_PROMPTS_TO_DB): enough to read, bounded per run. */
const MAX_TEXT = 50_000;
const cut = (text: string): string =>
  text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}…[+${text.length - MAX_TEXT} chars]`;

/**
 * The recent runs of one agent with their timelines (RUN_*, ACTION_*,
 * EVALUATOR_*, MODEL_USED, PROVIDER_COMPLETED), built from runtime events
 * into a bounded ring: memory stays flat however long the server runs.
 */
export class RunRecorder {
  // FIFO: the ring keeps the most recently started runs.
  private readonly runs: BoundedMap<string, RunRecord>;
  private readonly maxEvents: number;

  constructor(
    private readonly agentId: UUID,
    options: RunRecorderOptions = {},
  ) {
    this.runs = new BoundedMap(Math.max(1, options.maxRuns ?? 200));
    this.maxEvents = Math.max(1, options.maxEventsPerRun ?? 300);
  }

  get(runId: string): RunRecord | undefined {
    return this.runs.get(runId);
  }

  /** Newest first. */
  list(filter: { roomId?: UUID } = {}): RunRecord[] {
    const all = [...this.runs.values()].reverse();
    return filter.roomId ? all.filter((run) => run.roomId === filter.roomId) : all;
  }

  observe(event: ObservedEvent): void {
    if (event.name === 'DATABASE_OPERATION') return;
    if (event.name === 'RUN_STARTED') {
      this.start(event.payload.runId, event);
      return;
    }
    const runId = event.payload.runId;
    const run = runId ? this.runs.get(runId) : undefined;
    if (!run) return;
    const now = Date.now();
    const step: RunTimelineEvent = { type: event.name, at: now, offsetMs: Math.max(0, now - run.startedAt) };
    switch (event.name) {
      case 'RUN_ENDED':
      case 'RUN_TIMEOUT':
        run.status = event.payload.status;
        run.endedAt = event.payload.endTime ?? now;
        run.durationMs = event.payload.duration ?? run.endedAt - run.startedAt;
        if (event.payload.error) run.error = step.error = event.payload.error;
        step.durationMs = run.durationMs;
        break;
      case 'ACTION_STARTED':
        step.name = event.payload.actionName;
        if (event.payload.pluginName) step.plugin = event.payload.pluginName;
        break;
      case 'ACTION_COMPLETED': {
        const result = event.payload.result;
        step.name = event.payload.actionName;
        if (event.payload.pluginName) step.plugin = event.payload.pluginName;
        step.success = result?.success !== false;
        if (result?.error) step.error = result.error instanceof Error ? result.error.message : String(result.error);
        if (event.payload.durationMs !== undefined) step.durationMs = round(event.payload.durationMs);
        run.totals.actions.push(event.payload.actionName);
        break;
      }
      case 'EVALUATOR_STARTED':
        step.name = event.payload.evaluatorName;
        break;
      case 'EVALUATOR_COMPLETED':
        step.name = event.payload.evaluatorName;
        if (event.payload.pluginName) step.plugin = event.payload.pluginName;
        step.success = !event.payload.error;
        if (event.payload.error) step.error = event.payload.error;
        if (event.payload.durationMs !== undefined) step.durationMs = round(event.payload.durationMs);
        break;
      case 'MODEL_USED': {
        const { payload } = event;
        step.name = payload.type;
        step.provider = payload.provider;
        step.durationMs = round(payload.durationMs);
        step.success = payload.success;
        step.promptChars = payload.promptChars;
        if (payload.error) step.error = payload.error;
        run.totals.modelCalls += 1;
        run.totals.modelMs = round(run.totals.modelMs + payload.durationMs);
        if (payload.tokens) {
          const cached = payload.tokens.cachedInputTokens ?? 0;
          step.tokens = {
            prompt: payload.tokens.promptTokens,
            completion: payload.tokens.completionTokens,
            total: payload.tokens.totalTokens,
            ...(cached ? { cached } : {}),
          };
          run.totals.tokens.prompt += payload.tokens.promptTokens;
          run.totals.tokens.completion += payload.tokens.completionTokens;
          run.totals.tokens.total += payload.tokens.totalTokens;
          run.totals.tokens.cached += cached;
        }
        if (payload.model) step.model = payload.model;
        if (payload.costUsd !== undefined) {
          step.costUsd = payload.costUsd;
          run.totals.costUsd += payload.costUsd;
        }
        if (payload.overBudget) step.overBudget = true;
        if (payload.prompt !== undefined) step.prompt = cut(payload.prompt);
        if (payload.response !== undefined) step.response = cut(payload.response);
        break;
      }
      case 'PROVIDER_COMPLETED':
        step.name = event.payload.providerName;
        if (event.payload.pluginName) step.plugin = event.payload.pluginName;
        step.durationMs = round(event.payload.durationMs);
        step.success = event.payload.success;
        if (event.payload.timedOut) step.error = 'timed out';
        break;
    }
    if (run.events.length < this.maxEvents) run.events.push(step);
    else run.truncated = true;
  }

  private start(runId: UUID, event: Extract<ObservedEvent, { name: 'RUN_STARTED' }>): void {
    const { payload } = event;
    const startedAt = payload.startTime || Date.now();
    this.runs.set(runId, {
      runId,
      agentId: this.agentId,
      roomId: payload.roomId,
      messageId: payload.messageId,
      entityId: payload.entityId,
      status: 'started',
      startedAt,
      source: 'memory',
      totals: emptyTotals(),
      events: [{ type: 'RUN_STARTED', at: startedAt, offsetMs: 0 }],
      truncated: false,
    });
  }
}
