import type { IAgentRuntime } from '@kith/core';
import { loadOpenAIConfig, type OpenAIConfig } from '../config/openai-config';
import { OpenAIClient } from '../http/openai-client';

/** What createOpenAIPlugin lets a caller replace; tests use `sleep` to record retry waits. */
export interface OpenAIPluginDeps {
  /**
   * Defaults to `runtime.fetch` when a caller replaced it, else undici's fetch with
   * OPENAI_CONNECT_TIMEOUT_MS (a replaced fetch keeps its own connect timeout).
   */
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
    connectTimeoutMs: config.connectTimeoutMs,
    maxRetries: config.maxRetries,
    // The runtime's fetch is the global one unless someone chose another; the global one cannot
    // take this package's connect-timeout dispatcher on every Node (see connect-timeout-fetch.ts).
    fetch: deps.fetch ?? (runtime.fetch && runtime.fetch !== globalThis.fetch ? runtime.fetch : undefined),
    logger: runtime.logger,
    sleep: deps.sleep,
    random: deps.random,
  });
  return { config, client };
}
