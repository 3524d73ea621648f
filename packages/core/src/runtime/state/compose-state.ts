import type { Logger } from '../../logger/logger';
import type { Provider } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { IAgentRuntime } from '../../types/runtime';
import type { ProviderResult, State } from '../../types/state';
import type { CircuitBreaker } from '../resilience/circuit-breaker';
import type { StateCache } from './state-cache';

export interface ComposeStateDeps {
  runtime: IAgentRuntime;
  providers: () => Provider[];
  logger: Logger;
  breaker: CircuitBreaker;
  cache: StateCache;
  timeoutMs: () => number;
  baseValues: () => Record<string, unknown>;
  currentRunId: () => string | undefined;
  /** Told how each provider run went (PROVIDER_COMPLETED); absent when nobody listens. */
  onProviderCompleted?: () => ((outcome: ProviderOutcome) => void) | undefined;
}

/** How one provider run went. */
export interface ProviderOutcome {
  provider: Provider;
  message: Memory;
  durationMs: number;
  success: boolean;
  timedOut: boolean;
}

const EMPTY: ProviderResult = {};

/** One timer for every provider of a composeState: they start together and share the limit. */
interface Deadline {
  readonly timeoutMs: number;
  readonly expired: Promise<'timeout'>;
  clear(): void;
}

function startDeadline(timeoutMs: number): Deadline {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  return { timeoutMs, expired, clear: () => clearTimeout(timer) };
}

/** Runs one provider against the shared deadline. */
async function runProvider(deps: ComposeStateDeps, provider: Provider, message: Memory, partial: State, deadline: Deadline): Promise<ProviderResult> {
  const circuit = `provider:${provider.name}`;
  if (deps.breaker.isOpen(circuit)) return EMPTY;
  const report = deps.onProviderCompleted?.();
  const started = report ? performance.now() : 0;
  const done = (success: boolean, timedOut = false): void => report?.({ provider, message, durationMs: performance.now() - started, success, timedOut });
  try {
    const outcome = await Promise.race([provider.get(deps.runtime, message, partial), deadline.expired]);
    if (outcome === 'timeout') {
      const { timeoutMs } = deadline;
      deps.breaker.recordFailure(circuit);
      deps.logger.warn({ provider: provider.name, timeoutMs }, `Provider "${provider.name}" timed out after ${timeoutMs} ms; continuing without it`);
      done(false, true);
      return EMPTY;
    }
    deps.breaker.recordSuccess(circuit);
    done(true);
    return outcome && typeof outcome === 'object' ? outcome : EMPTY;
  } catch (error) {
    deps.breaker.recordFailure(circuit);
    deps.logger.warn({ provider: provider.name, err: error }, `Provider "${provider.name}" failed; continuing without it`);
    done(false);
    return EMPTY;
  }
}

/**
 * Builds the turn's state from providers. Providers run in parallel; results
 * are ordered by `position`. Results cached for the message are reused unless
 * the provider is named in `includeList`.
 */
export async function composeState(
  deps: ComposeStateDeps,
  message: Memory,
  includeList: string[] | null = null,
  onlyInclude = false,
  skipCache = false,
): Promise<State> {
  const include = new Set(includeList ?? []);
  const all = deps.providers();
  const selected = onlyInclude && include.size > 0
    ? all.filter((p) => include.has(p.name))
    : all.filter((p) => include.has(p.name) || (!p.dynamic && !p.private));

  const cacheKey = message.id ?? null;
  const cached = !skipCache && cacheKey ? deps.cache.get(cacheKey) : undefined;
  const results = new Map<string, ProviderResult>(cached ? Object.entries(cached.data.providers ?? {}) : []);

  const toRun = selected.filter((p) => include.has(p.name) || !results.has(p.name));
  const partial: State = cached ?? { values: {}, data: {}, text: '' };
  if (toRun.length > 0) {
    const deadline = startDeadline(deps.timeoutMs());
    try {
      const fresh = await Promise.all(toRun.map((provider) => runProvider(deps, provider, message, partial, deadline)));
      toRun.forEach((provider, index) => results.set(provider.name, fresh[index]));
    } finally {
      deadline.clear();
    }
  }

  const state = assemble(deps, all, results, onlyInclude ? selected : undefined);
  if (cacheKey) deps.cache.set(cacheKey, state, deps.currentRunId());
  return state;
}

function assemble(deps: ComposeStateDeps, all: Provider[], results: Map<string, ProviderResult>, only?: Provider[]): State {
  const ordered = (only ?? all).filter((p) => results.has(p.name)).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const values: Record<string, unknown> = { ...deps.baseValues() };
  const providerData: Record<string, Record<string, unknown>> = {};
  const texts: string[] = [];
  for (const provider of ordered) {
    const result = results.get(provider.name) ?? EMPTY;
    if (result.values) Object.assign(values, result.values);
    providerData[provider.name] = { text: result.text ?? '', values: result.values ?? {}, data: result.data ?? {} };
    if (result.text && result.text.trim()) texts.push(result.text);
  }
  const text = texts.join('\n\n');
  values.providers = text;
  return { values, data: { providers: providerData }, text };
}
