import type { RunStatus } from './events';
import type { UUID } from './primitives';

// The bodies of log records (`adapter.log`, `Log.body`) as elizaOS 1.x types
// them, and its run summaries. Kith's adapters store any body.

/** What every log body may carry. */
export interface BaseLogBody {
  runId?: string | UUID;
  status?: string;
  messageId?: UUID;
  roomId?: UUID;
  entityId?: UUID;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An action's run: its result and the prompts it sent. */
export interface ActionLogBody extends BaseLogBody {
  action?: string;
  actionId?: UUID | string;
  message?: string;
  state?: unknown;
  responses?: unknown;
  content?: { actions?: string[]; [key: string]: unknown };
  result?: { success?: boolean; data?: unknown; text?: string; error?: string | Error; [key: string]: unknown };
  isLegacyReturn?: boolean;
  prompts?: { modelType: string; prompt: string; timestamp: number }[];
  promptCount?: number;
  planStep?: string;
  planThought?: string;
}

export interface EvaluatorLogBody extends BaseLogBody {
  evaluator?: string;
  message?: string;
  state?: unknown;
}

/** A model call: its type, params, prompt, timing and response. */
export interface ModelLogBody extends BaseLogBody {
  modelType?: string;
  modelKey?: string;
  params?: Record<string, unknown>;
  prompt?: string;
  systemPrompt?: string | null;
  timestamp?: number;
  executionTime?: number;
  provider?: string;
  actionContext?: { actionName: string; actionId: UUID };
  response?: unknown;
}

export interface EmbeddingLogBody extends BaseLogBody {
  memoryId?: string;
  duration?: number;
}

export type LogBody = BaseLogBody | ActionLogBody | EvaluatorLogBody | ModelLogBody | EmbeddingLogBody;

/** How many of each thing a run did. */
export interface AgentRunCounts {
  actions: number;
  modelCalls: number;
  errors: number;
  evaluators: number;
}

/** One run of an agent, as elizaOS's `getAgentRunSummaries` lists it. */
export interface AgentRunSummary {
  runId: string;
  status: RunStatus;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
  messageId?: UUID;
  roomId?: UUID;
  entityId?: UUID;
  metadata?: Record<string, unknown>;
  counts?: AgentRunCounts;
}

export interface AgentRunSummaryResult {
  runs: AgentRunSummary[];
  total: number;
  hasMore: boolean;
}
