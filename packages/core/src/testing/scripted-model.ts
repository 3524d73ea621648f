import { reportModelUsage, type ModelUsageReport } from '../runtime/models/model-usage';
import type { GenerateTextParams, ModelHandlerFn } from '../types/model';

/** Output for one call: by call index (0-based, across all model types). */
export type ModelScriptFunction = (prompt: string, modelType: string, callIndex: number) => string;

/** A list of outputs used in order, or a function of the call. */
export type ModelScript = readonly string[] | ModelScriptFunction;

export interface ScriptedModelCall {
  prompt: string;
  modelType: string;
  params: GenerateTextParams;
  output: string;
}

/** A deterministic text model for tests; it records every call. */
export interface ScriptedModel {
  readonly calls: ScriptedModelCall[];
  /** The model handler to register for `modelType` (TEXT_SMALL, TEXT_LARGE, ...). */
  handler(modelType: string): ModelHandlerFn<GenerateTextParams, string>;
  /** The calls of one model type. */
  callsOf(modelType: string): ScriptedModelCall[];
  /** Outputs left in a list script (Infinity for a function script). */
  readonly remaining: number;
}

/**
 * Creates a scripted text model. A list script fails loudly when it runs
 * out, so a test never passes on an unexpected extra model call. When the
 * caller streams (`onStreamChunk`), the output is sent as one chunk, as a
 * real streaming model would send it.
 */
export interface ScriptedModelOptions {
  /** What each call reports through reportModelUsage (tokens, cached tokens, model name), as a real model plugin would. */
  usage?: (call: {
    prompt: string;
    modelType: string;
    output: string;
    callIndex: number;
  }) => ModelUsageReport | undefined;
}

export function createScriptedModel(script: ModelScript, options: ScriptedModelOptions = {}): ScriptedModel {
  const calls: ScriptedModelCall[] = [];
  const outputs = typeof script === 'function' ? null : [...script];
  let consumed = 0;

  const next = (prompt: string, modelType: string): string => {
    const index = calls.length;
    if (typeof script === 'function') return script(prompt, modelType, index);
    if (!outputs || consumed >= outputs.length) {
      throw new Error(
        `Scripted model has no output left for call #${index} (${modelType}); the script had ${outputs?.length ?? 0}. Prompt begins: ${JSON.stringify(prompt.slice(0, 120))}`,
      );
    }
    return outputs[consumed++];
  };

  return {
    calls,
    get remaining() {
      return outputs ? outputs.length - consumed : Number.POSITIVE_INFINITY;
    },
    callsOf: (modelType) => calls.filter((call) => call.modelType === modelType),
    handler: (modelType) => async (_runtime, params) => {
      const prompt = typeof params?.prompt === 'string' ? params.prompt : '';
      const output = next(prompt, modelType);
      const callIndex = calls.length;
      calls.push({ prompt, modelType, params, output });
      const usage = options.usage?.({ prompt, modelType, output, callIndex });
      if (usage) reportModelUsage(usage);
      if (params?.onStreamChunk) await params.onStreamChunk(output);
      return output;
    },
  };
}
