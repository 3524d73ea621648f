import { genAiOperationName as operationOf } from '@kith/core';
import type { ObservedEvent } from '../observe/runtime-observers';
import { MetricRegistry, type Labels, type MetricDefinition } from './metric-registry';

/** The GenAI client metrics' advised buckets (semantic conventions v1.40). */
const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];
const TURN_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Every metric Kith exports, by its OpenTelemetry name. */
export const KITH_METRICS = {
  tokenUsage: {
    name: 'gen_ai.client.token.usage',
    kind: 'histogram',
    unit: '{token}',
    description: 'Tokens used per model call, by gen_ai.token.type (input, output)',
    buckets: TOKEN_BUCKETS,
  },
  operationDuration: {
    name: 'gen_ai.client.operation.duration',
    kind: 'histogram',
    unit: 's',
    description: 'Duration of model calls (error.type set on failures)',
    buckets: DURATION_BUCKETS,
  },
  timeToFirstChunk: {
    name: 'gen_ai.client.operation.time_to_first_chunk',
    kind: 'histogram',
    unit: 's',
    description: 'Time from a streamed model call to its first chunk',
    buckets: DURATION_BUCKETS,
  },
  turns: {
    name: 'kith.turns',
    kind: 'counter',
    unit: '{turn}',
    description:
      'Turns (one per message an agent decides on) by kith.turn.status: completed (answered or ignored), error, timeout, discarded',
  },
  turnsStarted: {
    name: 'kith.turns.started',
    kind: 'counter',
    unit: '{turn}',
    description: 'Turns started: messages an agent accepted and began to decide on',
  },
  turnDuration: {
    name: 'kith.turn.duration',
    kind: 'histogram',
    unit: 's',
    description: 'Duration of a turn, from its start to its answer or failure',
    buckets: TURN_BUCKETS,
  },
  modelCost: {
    name: 'kith.model.cost',
    kind: 'counter',
    unit: 'USD',
    description: 'What model calls cost at the prices in MODEL_PRICES',
  },
  actions: {
    name: 'kith.actions',
    kind: 'counter',
    unit: '{action}',
    description: 'Actions run (GenAI execute_tool), by gen_ai.tool.name and outcome',
  },
} as const satisfies Record<string, MetricDefinition>;

/** Turn statuses that count as failed. */
const FAILED = new Set(['error', 'timeout']);

/** The agent labels every Kith series carries (bounded: the agents this server runs). */
export interface AgentLabels {
  agentName: string;
}

/**
 * Feeds the runtime events of each agent into the registry as the metrics
 * above; labels are bounded sets (operation, provider, model, token type,
 * agent, status), never ids.
 */
export class KithMetrics {
  readonly registry = new MetricRegistry();
  private readonly inProgress = new Map<string, number>();

  constructor() {
    for (const definition of Object.values(KITH_METRICS)) this.registry.define(definition);
    this.registry.define(
      {
        name: 'kith.turns.in_progress',
        kind: 'gauge',
        unit: '{turn}',
        description: 'Turns being decided now (the depth of the work in hand), by agent',
      },
      () => [...this.inProgress].map(([agent, value]): [Labels, number] => [{ 'gen_ai.agent.name': agent }, value]),
    );
  }

  /** Adds a gauge read at each scrape or export (queue depths, connections, budget). */
  gauge(definition: Omit<MetricDefinition, 'kind'>, observe: () => Iterable<[Labels, number]>): void {
    this.registry.define({ ...definition, kind: 'gauge' }, observe);
  }

  /** Adds a counter whose running totals are kept elsewhere (the ledger's), read at each scrape or export. */
  observedCounter(definition: Omit<MetricDefinition, 'kind'>, observe: () => Iterable<[Labels, number]>): void {
    this.registry.define({ ...definition, kind: 'counter' }, observe);
  }

  observe(agent: AgentLabels, event: ObservedEvent): void {
    const agentLabel = { 'gen_ai.agent.name': agent.agentName };
    switch (event.name) {
      case 'MODEL_USED': {
        const { payload } = event;
        const labels: Record<string, string> = {
          'gen_ai.operation.name': operationOf(payload.type),
          'gen_ai.provider.name': payload.provider,
          ...(payload.model ? { 'gen_ai.request.model': payload.model } : {}),
        };
        const failed: Labels = payload.success ? {} : { 'error.type': 'model_error' };
        this.registry.record(KITH_METRICS.operationDuration, payload.durationMs / 1000, { ...labels, ...failed });
        if (payload.timeToFirstChunkMs !== undefined)
          this.registry.record(KITH_METRICS.timeToFirstChunk, payload.timeToFirstChunkMs / 1000, labels);
        if (payload.tokens) {
          this.registry.record(KITH_METRICS.tokenUsage, payload.tokens.promptTokens, {
            ...labels,
            'gen_ai.token.type': 'input',
          });
          this.registry.record(KITH_METRICS.tokenUsage, payload.tokens.completionTokens, {
            ...labels,
            'gen_ai.token.type': 'output',
          });
        }
        if (payload.costUsd)
          this.registry.record(KITH_METRICS.modelCost, payload.costUsd, { ...labels, ...agentLabel });
        return;
      }
      case 'RUN_STARTED':
        this.registry.record(KITH_METRICS.turnsStarted, 1, agentLabel);
        this.inProgress.set(agent.agentName, (this.inProgress.get(agent.agentName) ?? 0) + 1);
        return;
      case 'RUN_ENDED':
      case 'RUN_TIMEOUT': {
        const { payload } = event;
        this.inProgress.set(agent.agentName, Math.max(0, (this.inProgress.get(agent.agentName) ?? 0) - 1));
        const status = payload.status === 'started' ? 'completed' : payload.status;
        this.registry.record(KITH_METRICS.turns, 1, { ...agentLabel, 'kith.turn.status': status });
        const duration = payload.duration ?? (payload.endTime ?? Date.now()) - payload.startTime;
        this.registry.record(KITH_METRICS.turnDuration, duration / 1000, {
          ...agentLabel,
          'kith.turn.outcome': FAILED.has(status) ? 'failed' : 'answered',
        });
        return;
      }
      case 'ACTION_COMPLETED':
        this.registry.record(KITH_METRICS.actions, 1, {
          ...agentLabel,
          'gen_ai.tool.name': event.payload.actionName,
          'kith.action.outcome': event.payload.result?.success === false ? 'failed' : 'succeeded',
        });
        return;
      default:
        return;
    }
  }
}
