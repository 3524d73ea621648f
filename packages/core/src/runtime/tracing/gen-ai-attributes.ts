import type { Attributes } from '@opentelemetry/api';

/**
 * The OpenTelemetry GenAI semantic conventions Kith follows: v1.40
 * (development status), the names the `semantic-conventions-genai` repository
 * publishes. Kith's own attributes are under `kith.*`.
 */
export const GEN_AI_SEMCONV_VERSION = '1.40.0';

/**
 * The conventions' opt-in rule: with `gen_ai_latest_experimental` in
 * OTEL_SEMCONV_STABILITY_OPT_IN (a comma-separated list), only the latest
 * names are emitted. Without it, the names Kith emitted before its move to
 * v1.40 are emitted beside the latest ones (`gen_ai.system`,
 * `kith.usage.cached_input_tokens`), so existing dashboards keep working.
 * Read once: the variable is set before the process starts.
 */
export function latestGenAiOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.OTEL_SEMCONV_STABILITY_OPT_IN ?? '')
    .split(',')
    .some((entry) => entry.trim().toLowerCase() === 'gen_ai_latest_experimental');
}

const LATEST_ONLY = latestGenAiOnly();

/** The agent and conversation a span belongs to. */
export interface AgentContext {
  agentId: string;
  agentName: string;
  /** The room: GenAI's conversation. */
  roomId?: string;
}

export function agentAttributes({ agentId, agentName, roomId }: AgentContext): Attributes {
  return {
    'gen_ai.agent.id': agentId,
    'gen_ai.agent.name': agentName,
    ...(roomId ? { 'gen_ai.conversation.id': roomId } : {}),
  };
}

/** Operation and provider of a model call. */
export function modelCallAttributes(operation: string, provider: string): Attributes {
  return {
    'gen_ai.operation.name': operation,
    'gen_ai.provider.name': provider,
    ...(LATEST_ONLY ? {} : { 'gen_ai.system': provider }),
  };
}

/** Token counts as a provider reported them. */
export interface ReportedTokens {
  promptTokens: number;
  completionTokens: number;
  cachedInputTokens?: number;
  cacheCreationInputTokens?: number;
}

export function usageAttributes(tokens: ReportedTokens): Attributes {
  const attributes: Attributes = {
    'gen_ai.usage.input_tokens': tokens.promptTokens,
    'gen_ai.usage.output_tokens': tokens.completionTokens,
  };
  if (tokens.cachedInputTokens !== undefined) {
    attributes['gen_ai.usage.cache_read.input_tokens'] = tokens.cachedInputTokens;
    if (!LATEST_ONLY) attributes['kith.usage.cached_input_tokens'] = tokens.cachedInputTokens;
  }
  if (tokens.cacheCreationInputTokens !== undefined) {
    attributes['gen_ai.usage.cache_creation.input_tokens'] = tokens.cacheCreationInputTokens;
  }
  return attributes;
}

/** An action run as a GenAI tool call (`execute_tool` span). */
export function toolAttributes(actionName: string, pluginName: string | undefined): Attributes {
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': actionName,
    'gen_ai.tool.type': 'function',
    'kith.action.name': actionName,
    ...(pluginName ? { 'kith.plugin': pluginName } : {}),
  };
}
