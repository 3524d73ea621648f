import type { Logger } from '../../logger/logger';
import { parseJSONObjectFromText } from '../../parsing/parse-json-object';
import { composePrompt } from '../../prompts/compose-prompt';
import { extractParametersTemplate } from '../../prompts/templates';
import type { Action, ActionResult, HandlerCallback } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { UUID } from '../../types/primitives';
import type { IAgentRuntime, ProcessActionsOptions } from '../../types/runtime';
import type { State } from '../../types/state';
import { describeParameters, missingRequired, validateActionParameters } from './action-parameters';
import { resolveAction } from './resolve-action';
import { recordError, startSpan, withActiveSpan } from '../tracing/spans';

export interface ProcessActionsDeps {
  runtime: IAgentRuntime;
  actions: () => Action[];
  logger: Logger;
  results: { set(messageId: string, results: ActionResult[]): void };
  currentRunId: () => UUID | undefined;
  /** The plugin that registered an action, for logs and events (PluginRecords.ownerOf). */
  ownerOf?: (component: object) => string | undefined;
}

const ofPlugin = (plugin: string | undefined): string => (plugin ? ` of plugin "${plugin}"` : '');

/** Older handlers return a boolean or nothing. */
function normaliseResult(raw: unknown): ActionResult {
  if (raw === undefined || raw === null || raw === true) return { success: true };
  if (raw === false) return { success: false };
  if (typeof raw === 'object' && 'success' in raw) return raw as ActionResult;
  if (typeof raw === 'object') return { success: true, data: raw as Record<string, unknown> };
  return { success: true };
}

function paramsFromResponse(response: Memory, action: Action): Record<string, unknown> | undefined {
  const params = response.content.params;
  if (!params || typeof params !== 'object') return undefined;
  const key = Object.keys(params).find((k) => k.toUpperCase() === action.name.toUpperCase());
  const value = key ? params[key] : undefined;
  return value && typeof value === 'object' ? value : undefined;
}

async function extractParameters(
  deps: ProcessActionsDeps,
  action: Action,
  state: State | undefined,
): Promise<Record<string, unknown>> {
  const prompt = composePrompt({
    state: {
      actionName: action.name,
      recentMessages: state?.values.recentMessages ?? '',
      parameterSchema: describeParameters(action.parameters ?? []),
    },
    template: deps.runtime.getTemplate('extractParametersTemplate') ?? extractParametersTemplate,
  });
  try {
    const output = await deps.runtime.useModel('TEXT_SMALL', { prompt, hints: { purpose: 'extractParameters' } });
    return parseJSONObjectFromText(output) ?? {};
  } catch (error) {
    deps.logger.warn({ action: action.name, err: error }, `Parameter extraction for ${action.name} failed`);
    return {};
  }
}

async function runCleanup(deps: ProcessActionsDeps, action: Action, result: ActionResult | undefined): Promise<void> {
  if (!result?.cleanup) return;
  try {
    await result.cleanup();
  } catch (error) {
    deps.logger.warn({ action: action.name, err: error }, `Cleanup of action ${action.name} failed`);
  }
}

/**
 * Runs the actions listed in each response, in order. Each action's values
 * feed the next one through `state.values`; a throw or `continueChain: false`
 * ends the chain.
 */
export async function processActions(
  deps: ProcessActionsDeps,
  message: Memory,
  responses: Memory[],
  state?: State,
  callback?: HandlerCallback,
  options: ProcessActionsOptions = {},
): Promise<void> {
  const results: ActionResult[] = [];
  const names: string[] = [];
  const previous = (name: string): ActionResult | undefined => {
    const index = names.lastIndexOf(name.toUpperCase());
    return index >= 0 ? results[index] : undefined;
  };
  const runtime = deps.runtime;
  const runId = deps.currentRunId();

  chain: for (const response of responses) {
    for (const requested of response.content.actions ?? []) {
      const action = resolveAction(deps.actions(), requested);
      if (!action) {
        deps.logger.warn({ action: requested }, `No action matches "${requested}"; skipping it`);
        continue;
      }
      let valid = false;
      try {
        valid = await action.validate(runtime, message, state);
      } catch (error) {
        deps.logger.warn({ action: action.name, err: error }, `Validation of action ${action.name} threw; skipping it`);
      }
      if (!valid) {
        deps.logger.debug({ action: action.name }, `Action ${action.name} did not validate; skipping it`);
        continue;
      }

      let parameters = paramsFromResponse(response, action);
      if (action.parameters?.length && missingRequired(action, parameters)) {
        parameters = { ...(await extractParameters(deps, action, state)), ...(parameters ?? {}) };
      }
      let result: ActionResult | undefined;
      let threw = false;
      const pluginName = deps.ownerOf?.(action);
      const started = performance.now();
      await runtime.emitEvent('ACTION_STARTED', {
        roomId: message.roomId,
        runId,
        messageId: message.id,
        actionName: action.name,
        pluginName,
        content: response.content,
      });
      const span = startSpan(`kith.action ${action.name}`, () => ({
        'kith.action.name': action.name,
        ...(pluginName ? { 'kith.plugin': pluginName } : {}),
      }));
      try {
        const check = validateActionParameters(action, parameters ?? {});
        if (!check.ok) {
          result = { success: false, error: check.error };
          deps.logger.warn({ action: action.name }, check.error);
        } else {
          const actionCallback: HandlerCallback | undefined = callback
            ? (content, actionName) => callback(content, actionName ?? action.name)
            : undefined;
          const raw = await withActiveSpan(span, () =>
            action.handler(
              runtime,
              message,
              state,
              {
                parameters: action.parameters?.length ? check.parameters : parameters,
                actionContext: { previousResults: [...results], getPreviousResult: previous },
                onStreamChunk: options.onStreamChunk,
              },
              actionCallback,
              responses,
            ),
          );
          result = normaliseResult(raw);
        }
      } catch (error) {
        threw = true;
        result = { success: false, error: error instanceof Error ? error.message : String(error) };
        deps.logger.error(
          { action: action.name, plugin: pluginName, err: error },
          `Action ${action.name}${ofPlugin(pluginName)} threw; ending the action chain`,
        );
      } finally {
        await runCleanup(deps, action, result);
        if (result?.success === false) recordError(span, result.error ?? 'the action failed');
        span.end();
      }

      results.push(result);
      names.push(action.name.toUpperCase());
      if (state && result.values) Object.assign(state.values, result.values);
      if (state) state.data.actionResults = [...results];
      await runtime.emitEvent('ACTION_COMPLETED', {
        roomId: message.roomId,
        runId,
        messageId: message.id,
        actionName: action.name,
        pluginName,
        content: response.content,
        result: { ...result, cleanup: undefined },
        durationMs: performance.now() - started,
      });
      if (threw || result.continueChain === false) break chain;
    }
  }
  if (message.id) deps.results.set(message.id, results);
}
