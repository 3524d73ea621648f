import type { ModelEventPayload } from '../../types/events';
import type { TokenUsage } from '../../types/model';
import { reportModelUsage } from './model-usage';

/** A count a provider reported, or undefined when the field is not a usable number. */
function tokenCount(...values: unknown[]): number | undefined {
  for (const value of values) {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number) && number >= 0) return number;
  }
  return undefined;
}

/**
 * Token counts in any of the shapes plugins send: Kith's (`promptTokens`,
 * `completionTokens`, `totalTokens`), elizaOS's (`prompt`, `completion`,
 * `total`), the AI SDK's (`inputTokens`, `outputTokens`) and the providers'
 * own (`prompt_tokens`/`completion_tokens`, `input_tokens`/`output_tokens`).
 * Undefined when nothing in it is a count.
 */
export function normalizeTokenUsage(value: unknown): TokenUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const tokens = value as Record<string, unknown>;
  const prompt = tokenCount(
    tokens.promptTokens,
    tokens.prompt,
    tokens.inputTokens,
    tokens.prompt_tokens,
    tokens.input_tokens,
  );
  const completion = tokenCount(
    tokens.completionTokens,
    tokens.completion,
    tokens.outputTokens,
    tokens.completion_tokens,
    tokens.output_tokens,
  );
  const total = tokenCount(tokens.totalTokens, tokens.total, tokens.total_tokens);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  const usage: TokenUsage = {
    promptTokens: prompt ?? Math.max(0, (total ?? 0) - (completion ?? 0)),
    completionTokens: completion ?? 0,
    totalTokens: total ?? (prompt ?? 0) + (completion ?? 0),
  };
  const cached = tokenCount(tokens.cachedInputTokens, tokens.cached_tokens, tokens.cache_read_input_tokens);
  if (cached !== undefined) usage.cachedInputTokens = cached;
  const written = tokenCount(tokens.cacheCreationInputTokens, tokens.cache_creation_input_tokens);
  if (written !== undefined) usage.cacheCreationInputTokens = written;
  return usage;
}

export interface ForeignModelUsageDeps {
  prices: () =>
    { costOf(model: string, prompt: number, cached: number, completion: number): number | undefined } | undefined;
  budget: () => { add(usd: number): void } | undefined;
  currentRunId: () => string | undefined;
  currentRoomId: () => string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * A MODEL_USED a plugin emits itself (elizaOS's model plugins send one per
 * call, `tokens: { prompt, completion, total }`). Inside a `useModel` call
 * its tokens and model join that call's own record: null is returned and
 * nothing more is published, so the call is counted once, with its tokens
 * and cost. Outside one (a plugin calling its API directly) it becomes a
 * complete payload, its fields checked and defaulted, so recording it can
 * never fail on a missing count.
 */
export function adoptForeignModelUsed(event: object, deps: ForeignModelUsageDeps): ModelEventPayload | null {
  const payload = event as Record<string, unknown>;
  const tokens = normalizeTokenUsage(payload.tokens) ?? normalizeTokenUsage(payload.usage);
  const model = text(payload.model);
  if (reportModelUsage({ ...tokens, ...(model ? { model } : {}) })) return null;
  const costUsd =
    tokenCount(payload.costUsd) ??
    (tokens
      ? deps.prices()?.costOf(model ?? '', tokens.promptTokens, tokens.cachedInputTokens ?? 0, tokens.completionTokens)
      : undefined);
  if (costUsd !== undefined && costUsd > 0 && payload.costUsd === undefined) deps.budget()?.add(costUsd);
  const prompt = payload.prompt;
  const runId = text(payload.runId) ?? deps.currentRunId();
  const roomId = text(payload.roomId) ?? deps.currentRoomId();
  const error = text(payload.error);
  const adopted: Record<string, unknown> = { ...payload };
  // elizaOS sends the prompt itself; prompts are kept only where Kith keeps them (LOG_PROMPTS_TO_DB, by useModel).
  delete adopted.prompt;
  delete adopted.usage;
  delete adopted.tokens;
  Object.assign(adopted, {
    type: text(payload.type) ?? 'UNKNOWN',
    provider: text(payload.provider) ?? 'unknown',
    promptChars: tokenCount(payload.promptChars) ?? (typeof prompt === 'string' ? prompt.length : 0),
    durationMs: tokenCount(payload.durationMs, payload.duration) ?? 0,
    success: typeof payload.success === 'boolean' ? payload.success : error === undefined,
  });
  if (model) adopted.model = model;
  if (runId) adopted.runId = runId;
  if (roomId) adopted.roomId = roomId;
  if (tokens) adopted.tokens = tokens;
  if (costUsd !== undefined) adopted.costUsd = costUsd;
  if (error) adopted.error = error;
  return adopted as unknown as ModelEventPayload;
}
