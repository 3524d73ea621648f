import type { Logger } from '../../logger/logger';
import type { Provider } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { IAgentRuntime } from '../../types/runtime';
import type { ProviderResult, State } from '../../types/state';
import type { CircuitBreaker } from '../resilience/circuit-breaker';
import type { StateCache } from './state-cache';
import { isPromiseLike } from '../../utils/is-promise-like';
import { recordError, startSpan, withActiveSpan, type Span } from '../tracing/spans';

export interface ComposeStateDeps {
  runtime: IAgentRuntime;
  providers: () => Provider[];
  logger: Logger;
  breaker: CircuitBreaker;
  cache: StateCache;
  timeoutMs: () => number;
  baseValues: () => Record<string, unknown>;
  currentRunId: () => string | undefined;
  /** The plugin that registered a provider, for logs (PluginRecords.ownerOf). */
  ownerOf?: (component: object) => string | undefined;
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
const ofPlugin = (plugin: string | undefined): string => (plugin ? ` of plugin "${plugin}"` : '');

/**
 * Runs providers in parallel under one shared deadline. Hand-rolled rather than
 * `Promise.all` over `Promise.race`s: that made about six promises per provider
 * (fourteen providers run every turn), and a provider that answers synchronously
 * needs none. A provider that throws, rejects or misses the deadline contributes
 * an empty result and is reported; the others keep theirs.
 */
function runProviders(
  deps: ComposeStateDeps,
  providers: Provider[],
  message: Memory,
  partial: State,
  tracing: boolean,
): ProviderResult[] | Promise<ProviderResult[]> {
  const report = deps.onProviderCompleted?.();
  // One span per provider, only while a trace records (the compose span's `isRecording`).
  const spans: Span[] | undefined = tracing
    ? providers.map((provider) =>
        startSpan(`kith.provider ${provider.name}`, () => ({ 'kith.provider.name': provider.name })),
      )
    : undefined;
  const started = report ? performance.now() : 0;
  const circuits = providers.map((provider) => `provider:${provider.name}`);
  const results: ProviderResult[] = new Array<ProviderResult>(providers.length).fill(EMPTY);
  const settled: boolean[] = new Array<boolean>(providers.length).fill(false);
  let pending = 0;
  let finish: (() => void) | undefined;

  const succeed = (index: number, outcome: unknown): void => {
    const provider = providers[index];
    settled[index] = true;
    spans?.[index].end();
    deps.breaker.recordSuccess(circuits[index]);
    report?.({ provider, message, durationMs: performance.now() - started, success: true, timedOut: false });
    results[index] = outcome && typeof outcome === 'object' ? outcome : EMPTY;
  };
  const fail = (index: number, error: unknown): void => {
    const provider = providers[index];
    settled[index] = true;
    if (spans) {
      recordError(spans[index], error);
      spans[index].end();
    }
    deps.breaker.recordFailure(circuits[index]);
    const plugin = deps.ownerOf?.(provider);
    deps.logger.warn(
      { provider: provider.name, plugin, err: error },
      `Provider "${provider.name}"${ofPlugin(plugin)} failed; continuing without it`,
    );
    report?.({ provider, message, durationMs: performance.now() - started, success: false, timedOut: false });
  };

  providers.forEach((provider, index) => {
    if (deps.breaker.isOpen(circuits[index])) return void (settled[index] = true);
    let outcome: unknown;
    try {
      outcome = spans
        ? withActiveSpan(spans[index], () => provider.get(deps.runtime, message, partial))
        : provider.get(deps.runtime, message, partial);
    } catch (error) {
      return fail(index, error);
    }
    if (!isPromiseLike(outcome)) return succeed(index, outcome);
    pending += 1;
    outcome.then(
      (value) => {
        if (settled[index]) return;
        succeed(index, value);
        if (--pending === 0) finish?.();
      },
      (error: unknown) => {
        if (settled[index]) return;
        fail(index, error);
        if (--pending === 0) finish?.();
      },
    );
  });
  if (pending === 0) return results;

  const timeoutMs = deps.timeoutMs();
  return new Promise<ProviderResult[]>((resolve) => {
    const timer = setTimeout(() => {
      finish = undefined;
      providers.forEach((provider, index) => {
        if (settled[index]) return;
        settled[index] = true;
        if (spans) {
          recordError(spans[index], `timed out after ${timeoutMs} ms`);
          spans[index].end();
        }
        deps.breaker.recordFailure(circuits[index]);
        const plugin = deps.ownerOf?.(provider);
        deps.logger.warn(
          { provider: provider.name, plugin, timeoutMs },
          `Provider "${provider.name}"${ofPlugin(plugin)} timed out after ${timeoutMs} ms; continuing without it`,
        );
        report?.({ provider, message, durationMs: performance.now() - started, success: false, timedOut: true });
      });
      resolve(results);
    }, timeoutMs);
    finish = () => {
      clearTimeout(timer);
      resolve(results);
    };
  });
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
  const selected =
    onlyInclude && include.size > 0
      ? all.filter((p) => include.has(p.name))
      : all.filter((p) => include.has(p.name) || (!p.dynamic && !p.private));

  const cacheKey = message.id ?? null;
  const cached = !skipCache && cacheKey ? deps.cache.get(cacheKey) : undefined;
  const results = new Map<string, ProviderResult>(cached ? Object.entries(cached.data.providers ?? {}) : []);

  const toRun = selected.filter((p) => include.has(p.name) || !results.has(p.name));
  const partial: State = cached ?? { values: {}, data: {}, text: '' };
  const span = startSpan('kith.compose_state', () => ({
    'kith.providers.count': toRun.length,
    'kith.providers.cached': results.size,
  }));
  if (toRun.length > 0) {
    const fresh = await withActiveSpan(span, () => runProviders(deps, toRun, message, partial, span.isRecording()));
    toRun.forEach((provider, index) => results.set(provider.name, fresh[index]));
  }

  const state = assemble(deps, all, results, onlyInclude ? selected : undefined);
  if (cacheKey) deps.cache.set(cacheKey, state, deps.currentRunId());
  span.end();
  return state;
}

function assemble(
  deps: ComposeStateDeps,
  all: Provider[],
  results: Map<string, ProviderResult>,
  only?: Provider[],
): State {
  const ordered = (only ?? all)
    .filter((p) => results.has(p.name))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  // Not `{ ...deps.baseValues() }`: the ~30 keys the providers add to a spread copy cost 17 µs a
  // composeState (V8 caches no map transitions for it); Object.assign onto `{}` costs 2 µs.
  const values: Record<string, unknown> = Object.assign({}, deps.baseValues());
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
