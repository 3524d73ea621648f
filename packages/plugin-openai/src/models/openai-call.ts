import type { IAgentRuntime } from '@kith/core';
import { loadOpenAIConfig, type OpenAIConfig } from '../config/openai-config';
import { OpenAIClient } from '../http/openai-client';

/** What createOpenAIPlugin lets a caller replace; tests use `sleep` to record retry waits. */
export interface OpenAIPluginDeps {
  /** Defaults to `runtime.fetch`, then the global fetch. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface OpenAICall {
  config: OpenAIConfig;
  client: OpenAIClient;
}

/** Settings are read per call, so a changed character setting applies to the next request. */
export function openAICall(runtime: IAgentRuntime, deps: OpenAIPluginDeps): OpenAICall {
  const config = loadOpenAIConfig(runtime);
  const client = new OpenAIClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    fetch: deps.fetch ?? runtime.fetch ?? globalThis.fetch,
    logger: runtime.logger,
    sleep: deps.sleep,
    random: deps.random,
  });
  return { config, client };
}
