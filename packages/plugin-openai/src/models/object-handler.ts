import {
  parseJSONObjectFromText,
  parseJsonArrayFromText,
  type IAgentRuntime,
  type ObjectGenerationParams,
} from '@kith/core';
import JSON5 from 'json5';
import { OpenAIObjectError } from '../errors';
import { chatRequestBody, completeChat, type ChatMessage } from './chat';
import { openAICall, type OpenAIPluginDeps } from './openai-call';
import { promptCacheKey } from './prompt-cache-key';
import { promptMessages, textModel, type TextSize } from './text-handler';

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

function parseOutput(text: string, wantArray: boolean): Parsed {
  const value = wantArray ? parseJsonArrayFromText(text) : parseJSONObjectFromText(text);
  if (value !== null) return { ok: true, value: value as unknown as Record<string, unknown> };
  // Only for the message: what JSON5 says about the text without a code fence.
  const bare = text
    .replace(/^\s*```[\w-]*\s*/, '')
    .replace(/```\s*$/, '')
    .trim();
  try {
    JSON5.parse(bare);
    return { ok: false, problem: wantArray ? 'expected a JSON array' : 'expected a JSON object' };
  } catch (error) {
    return { ok: false, problem: bare ? (error as Error).message : 'the output is empty' };
  }
}

function instructions(params: ObjectGenerationParams, wantArray: boolean): string {
  const lines = [
    wantArray ? 'Respond with one JSON array and nothing else.' : 'Respond with one JSON object and nothing else.',
  ];
  if (params.schema) lines.push(`It must match this JSON schema: ${JSON.stringify(params.schema)}`);
  if (params.output === 'enum' && params.enumValues?.length)
    lines.push(`Answer as {"value": ...} with one of: ${params.enumValues.join(', ')}.`);
  return lines.join('\n');
}

/**
 * OBJECT_SMALL / OBJECT_LARGE: a chat completion in JSON mode, parsed with
 * JSON5. Invalid JSON gets one repair request that shows the model its output
 * and the parse error; a second failure throws OpenAIObjectError.
 */
export function createObjectHandler(size: TextSize, deps: OpenAIPluginDeps = {}) {
  return async (runtime: IAgentRuntime, params: ObjectGenerationParams): Promise<Record<string, unknown>> => {
    const { config, client } = openAICall(runtime, deps);
    const target = textModel(config, size);
    const wantArray = params.output === 'array';
    const system = [
      typeof params.system === 'string' ? params.system : runtime.character?.system,
      instructions(params, wantArray),
    ]
      .filter(Boolean)
      .join('\n\n');
    const messages: ChatMessage[] = promptMessages(runtime, params.prompt, system);
    // JSON mode forces a top-level object, so an array is asked for in words only.
    const options = {
      ...params,
      stopSequences: undefined,
      responseFormat: wantArray ? undefined : ({ type: 'json_object' } as const),
      promptCacheKey: config.promptCacheKey ? promptCacheKey(runtime.agentId, params.hints) : undefined,
    };

    const first = await completeChat(client, chatRequestBody(target.model, messages, options), target);
    const parsed = parseOutput(first, wantArray);
    if (parsed.ok) return parsed.value;

    runtime.logger.warn(
      { model: target.model, problem: parsed.problem },
      'OpenAI JSON output was invalid; asking the model to repair it once',
    );
    const repairMessages: ChatMessage[] = [
      ...messages,
      { role: 'assistant', content: first },
      {
        role: 'user',
        content: `That was not valid JSON (${parsed.problem}). Reply with only the corrected JSON, no explanation and no code fence.`,
      },
    ];
    const second = await completeChat(client, chatRequestBody(target.model, repairMessages, options), target);
    const repaired = parseOutput(second, wantArray);
    if (repaired.ok) return repaired.value;
    throw new OpenAIObjectError(client.contextFor('/chat/completions', target), repaired.problem, second);
  };
}
