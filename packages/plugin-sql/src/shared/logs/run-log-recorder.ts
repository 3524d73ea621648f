import {
  BoundedMap,
  KithError,
  MODEL_LOG_PREFIX,
  RUN_LOG_TYPE,
  Service,
  type IAgentRuntime,
  type ModelEventPayload,
  type ModelUsageRecord,
  type PluginEvents,
  type RunEventPayload,
  type RunLogBody,
  type RunLogModelUsage,
  type UUID,
} from '@kith/core';
import { SqlErrorCode } from '../../errors';

// The record types are core's (one definition, read back by the server); re-exported for existing imports.
export { MODEL_LOG_PREFIX, RUN_LOG_TYPE };
/** Runs still open beyond this many (their end never came) are forgotten, oldest first. */
const MAX_OPEN_RUNS = 1000;

/** When successful model calls made outside runs are written, summed per model type and provider. */
export interface BackgroundFlushPolicy {
  /** After this many calls of one type and provider... */
  calls: number;
  /** ...or once the first of them is this old (ms). */
  ageMs: number;
}

/**
 * Background calls (the embedding of each stored message, task workers)
 * would otherwise add a record per message; summed, they cost one per 100
 * calls or per minute.
 */
export const BACKGROUND_FLUSH: BackgroundFlushPolicy = { calls: 100, ageMs: 60_000 };

type ModelUsage = RunLogModelUsage;

interface OpenRun {
  roomId: UUID;
  models: Map<string, ModelUsage>;
}

interface BackgroundUsage {
  usage: ModelUsage;
  roomId?: UUID;
  since: number;
}

/** A model call's sum key: type, provider and model. */
function usageKey(payload: ModelEventPayload): string {
  return `${payload.type}\u0000${payload.provider}\u0000${payload.model ?? ''}`;
}

/** Summed calls as the adapter's usage record (model_usage day rows). */
function usageRecord(usage: ModelUsage, at: number, roomId: UUID | undefined): ModelUsageRecord {
  return {
    at,
    ...(roomId ? { roomId } : {}),
    modelType: usage.modelType,
    provider: usage.provider,
    model: usage.model ?? '',
    calls: usage.calls,
    failedCalls: usage.failed,
    inputTokens: usage.promptTokens ?? 0,
    cachedInputTokens: usage.cachedInputTokens ?? 0,
    outputTokens: usage.completionTokens ?? 0,
    durationMs: round(usage.durationMs),
    costUsd: usage.costUsd ?? 0,
    unpricedCalls: usage.unpricedCalls ?? 0,
  };
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

function addTokens(usage: ModelUsage, payload: ModelEventPayload): void {
  if (payload.costUsd !== undefined) usage.costUsd = (usage.costUsd ?? 0) + payload.costUsd;
  else if (payload.tokens && (payload.tokens.promptTokens > 0 || payload.tokens.completionTokens > 0))
    usage.unpricedCalls = (usage.unpricedCalls ?? 0) + 1;
  if (payload.overBudget) usage.overBudget = (usage.overBudget ?? 0) + 1;
  if (!payload.tokens) return;
  usage.promptTokens = (usage.promptTokens ?? 0) + payload.tokens.promptTokens;
  usage.completionTokens = (usage.completionTokens ?? 0) + payload.tokens.completionTokens;
  usage.totalTokens = (usage.totalTokens ?? 0) + payload.tokens.totalTokens;
  if (payload.tokens.cachedInputTokens)
    usage.cachedInputTokens = (usage.cachedInputTokens ?? 0) + payload.tokens.cachedInputTokens;
}

function newUsage(payload: ModelEventPayload): ModelUsage {
  return {
    modelType: payload.type,
    provider: payload.provider,
    ...(payload.model ? { model: payload.model } : {}),
    calls: 0,
    failed: 0,
    promptChars: 0,
    durationMs: 0,
  };
}

function count(usage: ModelUsage, payload: ModelEventPayload): void {
  usage.calls += 1;
  if (!payload.success) usage.failed += 1;
  usage.promptChars += payload.promptChars;
  usage.durationMs += payload.durationMs;
  addTokens(usage, payload);
}

/**
 * Writes compact records of what an agent did into the logs table:
 * - one `run_event` per finished run: status, timing, and its model calls
 *   summed per model type and provider (calls, failures, prompt
 *   characters, tokens, time);
 * - `useModel:<TYPE>` records for model calls made outside any open run: a
 *   failed call at once, with its error; successful ones summed per type
 *   and provider (see BACKGROUND_FLUSH), with the period they cover.
 * Each run's sums (and each background sum) also go to the adapter's usage
 * day rows (logModelUsage), which GET /usage and `kith usage` read.
 * Prompts and responses are not part of these records. A model payload that
 * carries them (`prompt`, `response`) gets a record of its own, and the
 * adapter keeps them whole only with LOG_PROMPTS_TO_DB=true.
 */
export class RunLogRecorder {
  // FIFO: a run whose end never came is forgotten, oldest first.
  private readonly open = new BoundedMap<string, OpenRun>(MAX_OPEN_RUNS);
  private readonly background = new Map<string, BackgroundUsage>();
  private timer: NodeJS.Timeout | undefined;
  /** Writes under way, so close() can wait for them. */
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly policy: BackgroundFlushPolicy = BACKGROUND_FLUSH,
  ) {}

  started(payload: RunEventPayload): void {
    this.open.set(payload.runId, { roomId: payload.roomId, models: new Map() });
  }

  /**
   * Queues the run's record and returns at once: the record is background
   * upkeep that rides along with a later commit, and waiting for it would keep
   * the whole finished run (its state, prompt and memories) alive until then.
   */
  ended(payload: RunEventPayload): void {
    const run = this.open.get(payload.runId);
    this.open.delete(payload.runId);
    // elizaOS's run_event fields, which tools reading its logs table expect.
    const body: RunLogBody = {
      runId: payload.runId,
      status: payload.status,
      messageId: payload.messageId,
      roomId: payload.roomId,
      entityId: payload.entityId,
      startTime: payload.startTime,
      endTime: payload.endTime,
      duration: payload.duration,
      source: payload.source,
      error: payload.error,
    };
    if (run && run.models.size > 0) {
      body.models = [...run.models.values()].map((usage) => ({ ...usage, durationMs: round(usage.durationMs) }));
    }
    void this.write({
      type: RUN_LOG_TYPE,
      entityId: payload.entityId,
      roomId: payload.roomId,
      body: withoutUndefined(body),
    });
    if (run && run.models.size > 0) {
      const at = payload.endTime ?? Date.now();
      void this.writeUsage([...run.models.values()].map((usage) => usageRecord(usage, at, run.roomId)));
    }
  }

  modelUsed(payload: ModelEventPayload): Promise<void> {
    const key = usageKey(payload);
    const run = payload.runId === undefined ? undefined : this.open.get(payload.runId);
    const extra = payload as ModelEventPayload & { prompt?: unknown; response?: unknown };
    if (run) {
      let usage = run.models.get(key);
      if (!usage) run.models.set(key, (usage = newUsage(payload)));
      count(usage, payload);
      // With LOG_PROMPTS_TO_DB, each call of a run also keeps its prompt and response, under the run's room.
      if (extra.prompt !== undefined || extra.response !== undefined) {
        return this.write({
          type: `${MODEL_LOG_PREFIX}${payload.type}`,
          entityId: this.runtime.agentId,
          roomId: run.roomId,
          body: withoutUndefined({
            runId: payload.runId,
            modelType: payload.type,
            provider: payload.provider,
            model: payload.model,
            success: payload.success,
            prompt: extra.prompt,
            response: extra.response,
          }),
        });
      }
      return Promise.resolve();
    }
    if (!payload.success || extra.prompt !== undefined || extra.response !== undefined) {
      const body: Record<string, unknown> = {
        runId: payload.runId,
        modelType: payload.type,
        provider: payload.provider,
        success: payload.success,
        promptChars: payload.promptChars,
        durationMs: round(payload.durationMs),
        ...payload.tokens,
        model: payload.model,
        costUsd: payload.costUsd,
        error: payload.error,
        prompt: extra.prompt,
        response: extra.response,
      };
      // Its cost still counts: as a usage record of its own.
      const single = newUsage(payload);
      count(single, payload);
      return Promise.all([
        this.writeModel(payload.type, withoutUndefined(body)),
        this.writeUsage([usageRecord(single, Date.now(), payload.roomId)]),
      ]).then(() => undefined);
    }
    const now = Date.now();
    const backgroundKey = `${key}\u0000${payload.roomId ?? ''}`;
    let pending = this.background.get(backgroundKey);
    if (!pending)
      this.background.set(backgroundKey, (pending = { usage: newUsage(payload), roomId: payload.roomId, since: now }));
    count(pending.usage, payload);
    if (pending.usage.calls >= this.policy.calls) return this.flushBackground(backgroundKey);
    this.schedule();
    return Promise.resolve();
  }

  /** Writes the summed background usage (all of it, or one type and provider). */
  async flushBackground(only?: string): Promise<void> {
    const now = Date.now();
    const keys = only === undefined ? [...this.background.keys()] : [only];
    const writes: Promise<void>[] = [];
    for (const key of keys) {
      const pending = this.background.get(key);
      if (!pending) continue;
      this.background.delete(key);
      const { usage, since, roomId } = pending;
      writes.push(
        this.writeModel(usage.modelType, { ...usage, durationMs: round(usage.durationMs), since, until: now }),
      );
      writes.push(this.writeUsage([usageRecord(usage, now, roomId)]));
    }
    await Promise.all(writes);
  }

  /** A timer for the oldest pending sum's age limit; unref'd, so it never keeps the process alive. */
  private schedule(): void {
    if (this.timer !== undefined || this.background.size === 0) return;
    const oldest = Math.min(...[...this.background.values()].map((pending) => pending.since));
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        const now = Date.now();
        const due = [...this.background.entries()]
          .filter(([, pending]) => now - pending.since >= this.policy.ageMs)
          .map(([key]) => key);
        void Promise.all(due.map((key) => this.flushBackground(key))).then(() => this.schedule());
      },
      Math.max(0, oldest + this.policy.ageMs - Date.now()),
    );
    this.timer.unref();
  }

  private writeModel(modelType: string, body: Record<string, unknown>): Promise<void> {
    const agentId = this.runtime.agentId;
    return this.write({ type: `${MODEL_LOG_PREFIX}${modelType}`, entityId: agentId, roomId: agentId, body });
  }

  /**
   * Writes the pending background sums and waits for every write under way;
   * records that come later (background model calls still finishing while the
   * agent stops) are dropped without a warning. Runs before the adapter closes.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushBackground();
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    this.closed = true;
  }

  /** Starts a write unless closed, and keeps it in `pending` so close() can wait for it. */
  private track(what: string, send: () => Promise<void>): Promise<void> {
    if (this.closed) {
      this.runtime.logger.debug({ type: what }, 'Log record dropped: the agent is stopping');
      return Promise.resolve();
    }
    const write = send().finally(() => this.pending.delete(write));
    this.pending.add(write);
    return write;
  }

  /** A failed write is logged, not thrown: a lost record must not fail the run it describes; one lost to a database closed under it is no news. */
  private reportFailure(error: unknown, what: string, message: string): void {
    const closed = KithError.hasCode(error, SqlErrorCode.NOT_INITIALIZED);
    this.runtime.logger[closed ? 'debug' : 'warn']({ err: error, type: what }, message);
  }

  /** Usage day rows, for adapters that keep them (Kith's do; elizaOS adapters lack logModelUsage). */
  private writeUsage(records: ModelUsageRecord[]): Promise<void> {
    return this.track('model usage', async () => {
      const adapter = this.runtime.adapter;
      if (!adapter.logModelUsage) return;
      try {
        await adapter.logModelUsage(records);
      } catch (error) {
        this.reportFailure(error, 'model usage', 'Could not record model usage');
      }
    });
  }

  private write(record: { type: string; entityId: UUID; roomId: UUID; body: Record<string, unknown> }): Promise<void> {
    return this.track(record.type, async () => {
      try {
        await this.runtime.adapter.log(record);
      } catch (error) {
        this.reportFailure(error, record.type, 'Could not write a log record');
      }
    });
  }
}

function withoutUndefined(body: object): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) kept[key] = value;
  return kept;
}

const recorders = new WeakMap<IAgentRuntime, RunLogRecorder>();

function recorderFor(runtime: IAgentRuntime): RunLogRecorder {
  let recorder = recorders.get(runtime);
  if (!recorder) {
    recorder = new RunLogRecorder(runtime);
    recorders.set(runtime, recorder);
  }
  return recorder;
}

/**
 * Closes the agent's recorder when the agent stops. Services stop before the
 * database adapter closes, so the last records are written while it is open.
 */
export class RunLogService extends Service {
  static override serviceType = 'sql-run-log';
  capabilityDescription = 'Writes the last run and model-usage records before the database closes';

  static override async start(runtime: IAgentRuntime): Promise<RunLogService> {
    return new RunLogService(runtime);
  }

  async stop(): Promise<void> {
    await recorderFor(this.runtime).close();
  }
}

/** The plugin's event handlers that feed the logs table. */
export const runLogEvents: PluginEvents = {
  RUN_STARTED: [(payload) => recorderFor(payload.runtime).started(payload)],
  RUN_ENDED: [(payload) => recorderFor(payload.runtime).ended(payload)],
  RUN_TIMEOUT: [(payload) => recorderFor(payload.runtime).ended(payload)],
  MODEL_USED: [(payload) => recorderFor(payload.runtime).modelUsed(payload)],
};
