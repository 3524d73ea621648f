import type { Logger } from '../../logger/logger';
import { parseJsonArrayFromText } from '../../parsing/parse-json-object';
import { composePromptFromState } from '../../prompts/compose-prompt';
import { evaluationTemplate } from '../../prompts/templates';
import type { Evaluator, HandlerCallback } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { UUID } from '../../types/primitives';
import type { IAgentRuntime } from '../../types/runtime';
import type { State } from '../../types/state';
import { recordError, startSpan, withActiveSpan } from '../tracing/spans';

export interface EvaluateDeps {
  runtime: IAgentRuntime;
  evaluators: () => Evaluator[];
  logger: Logger;
  currentRunId: () => UUID | undefined;
  /** The plugin that registered an evaluator, for logs and events (PluginRecords.ownerOf). */
  ownerOf?: (component: object) => string | undefined;
}

const ofPlugin = (plugin: string | undefined): string => (plugin ? ` of plugin "${plugin}"` : '');

async function selectWithModel(deps: EvaluateDeps, candidates: Evaluator[], state: State): Promise<Evaluator[]> {
  const evaluators = candidates.map((e) => `${e.name}: ${e.description}`).join('\n');
  const prompt = composePromptFromState({
    state: {
      ...state,
      values: { ...state.values, evaluators, evaluatorNames: candidates.map((e) => e.name).join(', ') },
    },
    template: deps.runtime.getTemplate('evaluationTemplate') ?? evaluationTemplate,
  });
  try {
    const output = await deps.runtime.useModel('TEXT_SMALL', { prompt, hints: { purpose: 'evaluation' } });
    const names = new Set((parseJsonArrayFromText(output) ?? []).map((n) => String(n).toUpperCase()));
    return candidates.filter((e) => names.has(e.name.toUpperCase()));
  } catch (error) {
    deps.logger.warn({ err: error }, 'Evaluator selection by model failed; running none');
    return [];
  }
}

/**
 * Runs evaluators after a turn: validation in parallel, optional model-based
 * selection (EVALUATOR_SELECTION=llm), then handlers one at a time in
 * registration order. A throwing evaluator never stops the others.
 */
export async function evaluate(
  deps: EvaluateDeps,
  message: Memory,
  state: State | undefined,
  didRespond: boolean,
  callback: HandlerCallback | undefined,
  responses: Memory[] | undefined,
): Promise<Evaluator[]> {
  const runtime = deps.runtime;
  const eligible = deps.evaluators().filter((e) => didRespond || e.alwaysRun);
  const validated = await Promise.all(
    eligible.map(async (evaluator) => {
      try {
        return (await evaluator.validate(runtime, message, state)) ? evaluator : null;
      } catch (error) {
        const plugin = deps.ownerOf?.(evaluator);
        deps.logger.warn(
          { evaluator: evaluator.name, plugin, err: error },
          `Evaluator ${evaluator.name}${ofPlugin(plugin)} validate threw; skipping it`,
        );
        return null;
      }
    }),
  );
  let selected = validated.filter((e): e is Evaluator => e !== null);
  if (selected.length === 0) return [];
  const effectiveState = state ?? { values: {}, data: {}, text: '' };
  if (String(runtime.getSetting('EVALUATOR_SELECTION') ?? '').toLowerCase() === 'llm') {
    selected = await selectWithModel(deps, selected, effectiveState);
  }
  const runId = deps.currentRunId();
  for (const evaluator of selected) {
    const started = performance.now();
    const pluginName = deps.ownerOf?.(evaluator);
    await runtime.emitEvent('EVALUATOR_STARTED', {
      evaluatorName: evaluator.name,
      pluginName,
      roomId: message.roomId,
      runId,
      messageId: message.id,
    });
    let error: string | undefined;
    const span = startSpan(`kith.evaluator ${evaluator.name}`, () => ({
      'kith.evaluator.name': evaluator.name,
      ...(pluginName ? { 'kith.plugin': pluginName } : {}),
    }));
    try {
      await withActiveSpan(span, () => evaluator.handler(runtime, message, effectiveState, {}, callback, responses));
    } catch (caught) {
      recordError(span, caught);
      error = caught instanceof Error ? caught.message : String(caught);
      deps.logger.error(
        { evaluator: evaluator.name, plugin: pluginName, err: caught },
        `Evaluator ${evaluator.name}${ofPlugin(pluginName)} threw; continuing with the others`,
      );
    }
    span.end();
    await runtime.emitEvent('EVALUATOR_COMPLETED', {
      evaluatorName: evaluator.name,
      pluginName,
      roomId: message.roomId,
      runId,
      messageId: message.id,
      error,
      durationMs: performance.now() - started,
    });
  }
  return selected;
}
