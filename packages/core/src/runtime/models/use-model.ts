import { KithError } from '../../errors/kith-error';
import { BudgetExceededError } from '../../errors/budget-exceeded-error';
import { ModelHandlerMissingError, ModelTimeoutError } from '../../errors';
import { logPrompt } from '../../logger/file-logs';
import type { Logger } from '../../logger/logger';
import type { ModelEventPayload } from '../../types/events';
import type { ModelHandler, TokenUsage } from '../../types/model';
import type { IAgentRuntime } from '../../types/runtime';
import type { CircuitBreaker } from '../resilience/circuit-breaker';
import type { ModelRegistry } from './model-registry';
import { BUDGET_FALLBACK_PROVIDER, DEFAULT_BUDGET_MESSAGE, type DailyCostBudget } from '../usage/daily-cost-budget';
import type { ModelPrices } from '../usage/model-prices';
import { runWithUsageSlot, type UsageSlot } from './model-usage';
import { noteModelFailure } from './model-failure';
import { finishModelStreaming, prepareModelStreaming } from './model-streaming';
import { agentAttributes, modelCallAttributes, usageAttributes } from '../tracing/gen-ai-attributes';
import { recordError, SpanKind, startSpan, withActiveSpan, type Span } from '../tracing/spans';

export interface UseModelDeps {
  runtime: IAgentRuntime;
  registry: ModelRegistry;
  logger: Logger;
  breaker: CircuitBreaker;
  setting(key: string): string | number | boolean | null;
  emitModelUsed(payload: Omit<ModelEventPayload, 'runtime'>): void;
  currentRunId(): string | undefined;
  currentRoomId?(): string | undefined;
  /** Prices for MODEL_USED's costUsd. */
  prices?(): ModelPrices;
  /** The agent's MAX_DAILY_COST_USD budget, when one is set. */
  budget?(): DailyCostBudget | undefined;
}

/** Model types the daily budget never holds back: embeddings keep memory working and cost little; tokenizers cost nothing. */
const UNGATED_TYPES = new Set(['TEXT_EMBEDDING', 'TEXT_TOKENIZER_ENCODE', 'TEXT_TOKENIZER_DECODE']);

/**
 * The daily budget's gate. Without a budget, every handler competes as
 * usual. With one, the offline fallback (eliza-classic) answers only past
 * the limit (unless it is the only handler); past it, gated calls go to the
 * fallback, or are refused with BudgetExceededError when
 * BUDGET_EXCEEDED_MESSAGE asks for a set answer or no fallback is there.
 */
function gate(
  deps: UseModelDeps,
  modelType: string,
  all: ModelHandler[],
): { candidates: ModelHandler[]; overBudget: boolean } {
  const budget = deps.budget?.();
  if (!budget) return { candidates: all, overBudget: false };
  const fallback = all.filter((entry) => entry.provider === BUDGET_FALLBACK_PROVIDER);
  const paid =
    fallback.length === all.length ? all : all.filter((entry) => entry.provider !== BUDGET_FALLBACK_PROVIDER);
  if (UNGATED_TYPES.has(modelType) || !budget.exceeded()) return { candidates: paid, overBudget: false };
  budget.countOverBudget();
  const message = deps.setting('BUDGET_EXCEEDED_MESSAGE');
  if ((typeof message === 'string' && message.trim()) || fallback.length === 0) {
    throw new BudgetExceededError(
      modelType,
      budget.limitUsd,
      typeof message === 'string' && message.trim() ? message.trim() : DEFAULT_BUDGET_MESSAGE,
    );
  }
  return { candidates: fallback, overBudget: true };
}

/** Default MODEL_TIMEOUT_MS: long enough for a slow large model, short enough that a hung one frees its room. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

const TEXT_TYPES = new Set([
  'TEXT_SMALL',
  'TEXT_LARGE',
  'TEXT_COMPLETION',
  'REASONING_SMALL',
  'REASONING_LARGE',
  'OBJECT_SMALL',
  'OBJECT_LARGE',
]);

/** `<TYPE>_MAX_TOKENS`, `_TEMPERATURE`, ... from settings; explicit params win. */
function withSettingDefaults(deps: UseModelDeps, modelType: string, params: unknown): unknown {
  if (!TEXT_TYPES.has(modelType) || typeof params !== 'object' || params === null) return params;
  const merged: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  const numeric: [string, string][] = [
    ['maxTokens', 'MAX_TOKENS'],
    ['temperature', 'TEMPERATURE'],
    ['frequencyPenalty', 'FREQUENCY_PENALTY'],
    ['presencePenalty', 'PRESENCE_PENALTY'],
  ];
  for (const [param, suffix] of numeric) {
    if (merged[param] !== undefined) continue;
    const raw = deps.setting(`${modelType}_${suffix}`);
    const value = raw === null || raw === '' ? NaN : Number(raw);
    if (Number.isFinite(value)) merged[param] = value;
  }
  return merged;
}

function promptOf(params: unknown): string {
  if (typeof params === 'string') return params;
  const prompt = (params as { prompt?: unknown } | null)?.prompt;
  return typeof prompt === 'string' ? prompt : JSON.stringify(params);
}

function promptLength(params: unknown): number {
  if (typeof params === 'string') return params.length;
  if (params && typeof params === 'object') {
    const { prompt, text, texts } = params as { prompt?: unknown; text?: unknown; texts?: unknown };
    if (typeof prompt === 'string') return prompt.length;
    if (typeof text === 'string') return text.length;
    if (Array.isArray(texts)) return texts.reduce((sum: number, t) => sum + (typeof t === 'string' ? t.length : 0), 0);
  }
  return 0;
}

/** GenAI `gen_ai.operation.name` of a model type (spans here, metrics in the server). */
export function operationOf(modelType: string): string {
  if (modelType === 'TEXT_EMBEDDING') return 'embeddings';
  if (modelType === 'TEXT_COMPLETION') return 'text_completion';
  if (modelType === 'IMAGE') return 'image_generation';
  return TEXT_TYPES.has(modelType) || modelType === 'IMAGE_DESCRIPTION' ? 'chat' : modelType.toLowerCase();
}

/** A retryable failure lets the next handler of the same type try. */
export function isRetryableModelError(error: unknown): boolean {
  if (KithError.isInstance(error)) return error.retryable;
  if (error && typeof error === 'object') {
    const flags = error as { isRetryable?: unknown; retryable?: unknown };
    return flags.isRetryable === true || flags.retryable === true;
  }
  return false;
}

/**
 * Calls the best handler for a model type; on a retryable failure falls back
 * to the next one (unless a stream already sent chunks). Every attempt emits
 * MODEL_USED.
 */
export async function useModel(
  deps: UseModelDeps,
  modelType: string,
  params: unknown,
  provider?: string,
): Promise<unknown> {
  const registered = deps.registry.handlers(modelType);
  const { candidates: all, overBudget } = gate(deps, modelType, registered);
  const candidates: ModelHandler[] = provider && !overBudget ? all.filter((entry) => entry.provider === provider) : all;
  if (candidates.length === 0) throw new ModelHandlerMissingError(modelType, provider);

  const effective = withSettingDefaults(deps, modelType, params);
  const streaming = prepareModelStreaming(modelType, effective);
  const streamState = wrapStream(streaming.params);
  const timeoutMs = modelTimeoutMs(deps);
  let lastError: unknown;

  for (let index = 0; index < candidates.length; index++) {
    const candidate = candidates[index];
    const circuitName = `model:${modelType}:${candidate.provider}`;
    const isLast = index === candidates.length - 1;
    if (!isLast && deps.breaker.isOpen(circuitName)) continue;
    const started = performance.now();
    const slot: UsageSlot = {};
    const span = startSpan(
      `${operationOf(modelType)} ${modelType}`,
      () => ({
        ...modelCallAttributes(operationOf(modelType), candidate.provider),
        ...agentAttributes({
          agentId: deps.runtime.agentId,
          agentName: deps.runtime.character.name,
          roomId: deps.currentRoomId?.(),
        }),
        'kith.model_type': modelType,
      }),
      SpanKind.CLIENT,
    );
    try {
      const handler = candidate.handler as (runtime: IAgentRuntime, p: unknown) => Promise<unknown>;
      const result = await runWithUsageSlot(slot, () =>
        withActiveSpan(span, () =>
          withTimeout(
            async () => {
              const returned = await handler(deps.runtime, streamState.params);
              return finishModelStreaming(streaming, streamState.params, returned, (usage) => (slot.usage ??= usage));
            },
            timeoutMs,
            streamState,
            () => new ModelTimeoutError(modelType, candidate.provider, timeoutMs),
          ),
        ),
      );
      deps.breaker.recordSuccess(circuitName);
      logPrompt({ modelType, provider: candidate.provider, prompt: promptOf(effective), response: result });
      emitUsed(deps, span, {
        modelType,
        provider: candidate.provider,
        overBudget,
        started,
        firstChunkAt: streamState.firstChunkAt,
        slot,
        tokens: slot.usage ?? usageOf(streamState.params),
        promptChars: promptLength(effective),
        ...(keepsPrompts(deps) ? { prompt: promptOf(effective), response: asText(result) } : {}),
      });
      return result;
    } catch (error) {
      lastError = error;
      deps.breaker.recordFailure(circuitName);
      // A failed attempt may still have spent tokens (e.g. a stream cut after its usage chunk).
      recordError(span, error);
      emitUsed(deps, span, {
        modelType,
        provider: candidate.provider,
        overBudget,
        started,
        firstChunkAt: streamState.firstChunkAt,
        slot,
        tokens: slot.usage,
        promptChars: promptLength(effective),
        ...(keepsPrompts(deps) ? { prompt: promptOf(effective) } : {}),
        error: error instanceof Error ? error.message : String(error),
      });
      const next = candidates[index + 1];
      if (!next || !isRetryableModelError(error) || streamState.chunksSent > 0) {
        // The caller logs the consequence (one line per failed turn at warn), naming the model from this note;
        // this line, with the stack, is for debugging.
        noteModelFailure(error, { modelType, provider: candidate.provider });
        deps.logger.debug(
          { modelType, provider: candidate.provider, err: error },
          `${modelType} handler of "${candidate.provider}" failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
      deps.logger.warn(
        { modelType, failed: candidate.provider, next: next.provider, err: error },
        `${modelType} provider "${candidate.provider}" failed; falling back to "${next.provider}"`,
      );
    }
  }
  throw lastError;
}

interface UsedCall {
  modelType: string;
  provider: string;
  overBudget: boolean;
  started: number;
  /** performance.now() of the first streamed chunk, 0 when none was streamed. */
  firstChunkAt: number;
  slot: UsageSlot;
  tokens: TokenUsage | undefined;
  promptChars: number;
  prompt?: string;
  response?: string;
  /** Set for a failed attempt. */
  error?: string;
}

/** LOG_PROMPTS_TO_DB: MODEL_USED carries the prompt and raw response, for the logs table and the server's run timelines. */
function keepsPrompts(deps: UseModelDeps): boolean {
  const value = deps.setting('LOG_PROMPTS_TO_DB') ?? process.env.LOG_PROMPTS_TO_DB ?? null;
  return value === true || (typeof value === 'string' && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()));
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** MODEL_USED for one attempt, with its cost; the cost also counts against the daily budget. */
function emitUsed(deps: UseModelDeps, span: Span, call: UsedCall): void {
  const { tokens } = call;
  const model = call.slot.model;
  const costUsd = deps
    .prices?.()
    .costOf(model ?? '', tokens?.promptTokens ?? 0, tokens?.cachedInputTokens ?? 0, tokens?.completionTokens ?? 0);
  if (span.isRecording()) {
    // GenAI semantic conventions (gen_ai.*), plus what they have no name for (kith.*).
    if (model) {
      span.updateName(`${operationOf(call.modelType)} ${model}`);
      span.setAttributes({ 'gen_ai.request.model': model, 'gen_ai.response.model': model });
    }
    if (tokens) span.setAttributes(usageAttributes(tokens));
    if (costUsd !== undefined) span.setAttribute('kith.cost_usd', costUsd);
    if (call.overBudget) span.setAttribute('kith.over_budget', true);
    if (call.error !== undefined) span.setAttribute('error.type', 'model_error');
  }
  span.end();
  if (costUsd !== undefined && costUsd > 0) deps.budget?.()?.add(costUsd);
  const roomId = deps.currentRoomId?.();
  deps.emitModelUsed({
    type: call.modelType,
    provider: call.provider,
    ...(model ? { model } : {}),
    runId: deps.currentRunId() as ModelEventPayload['runId'],
    ...(roomId ? { roomId: roomId as ModelEventPayload['roomId'] } : {}),
    promptChars: call.promptChars,
    durationMs: performance.now() - call.started,
    // Chunks only stream from the attempt that sent them (no fallback after a chunk).
    ...(call.firstChunkAt >= call.started ? { timeToFirstChunkMs: call.firstChunkAt - call.started } : {}),
    ...(tokens ? { tokens } : {}),
    ...(costUsd === undefined ? {} : { costUsd }),
    ...(call.overBudget ? { overBudget: true } : {}),
    ...(call.prompt === undefined ? {} : { prompt: call.prompt }),
    ...(call.response === undefined ? {} : { response: call.response }),
    success: call.error === undefined,
    ...(call.error === undefined ? {} : { error: call.error }),
  });
}

function usageOf(params: unknown): TokenUsage | undefined {
  if (params && typeof params === 'object' && 'usage' in params) {
    const usage = (params as { usage?: TokenUsage }).usage;
    if (usage && typeof usage.totalTokens === 'number') return usage;
  }
  return undefined;
}

/** MODEL_TIMEOUT_MS; 0 (or a negative number) turns the limit off. */
function modelTimeoutMs(deps: UseModelDeps): number {
  const raw = deps.setting('MODEL_TIMEOUT_MS');
  const value = raw === null || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) ? value : DEFAULT_MODEL_TIMEOUT_MS;
}

interface StreamState {
  params: unknown;
  chunksSent: number;
  /** performance.now() of the last chunk (0 before the first). */
  lastChunkAt: number;
  /** performance.now() of the first chunk (0 before it). */
  firstChunkAt: number;
}

/**
 * Rejects with `timeoutError()` when `call` has not settled within `timeoutMs`
 * of its start or of its last stream chunk (a stream that keeps sending is
 * not cut). The timer is always cleared; the abandoned call is left to settle
 * on its own (handlers get no abort signal) and its outcome is ignored.
 */
function withTimeout<T>(
  call: () => Promise<T>,
  timeoutMs: number,
  stream: StreamState,
  timeoutError: () => Error,
): Promise<T> {
  if (!(timeoutMs > 0)) return call();
  return new Promise<T>((resolve, reject) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const arm = (delay: number): void => {
      timer = setTimeout(() => {
        const idleSince = Math.max(started, stream.lastChunkAt);
        const left = idleSince + timeoutMs - performance.now();
        if (left > 1) arm(left);
        else reject(timeoutError());
      }, delay);
    };
    arm(timeoutMs);
    // An async wrapper turns a synchronous throw into a rejection, so the timer is cleared either way.
    (async () => call())().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Counts stream chunks so a started stream is never switched to another provider (and a live stream is not timed out). */
function wrapStream(params: unknown): StreamState {
  const state: StreamState = { params, chunksSent: 0, lastChunkAt: 0, firstChunkAt: 0 };
  if (
    params &&
    typeof params === 'object' &&
    typeof (params as { onStreamChunk?: unknown }).onStreamChunk === 'function'
  ) {
    const original = (params as { onStreamChunk: (chunk: string, id?: string) => unknown }).onStreamChunk;
    state.params = {
      ...(params as Record<string, unknown>),
      onStreamChunk: (chunk: string, id?: string) => {
        state.chunksSent++;
        state.lastChunkAt = performance.now();
        if (state.chunksSent === 1) state.firstChunkAt = state.lastChunkAt;
        return original(chunk, id);
      },
    };
  }
  return state;
}
