import { reportModelUsage, type StreamChunkCallback } from '@kith/core';
import type { OpenAIClient, RequestTarget } from '../http/openai-client';
import { chatChunkSchema, chatCompletionSchema, parseWire, type ChatUsage } from '../http/wire-schemas';
import { reportChatUsage } from './report-usage';

export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

export interface ChatOptions {
  temperature?: number;
  maxTokens?: number;
  stopSequences?: string[];
  frequencyPenalty?: number;
  presencePenalty?: number;
  responseFormat?: { type: 'json_object' };
  /** Sent as `prompt_cache_key` (see prompt-cache-key.ts). */
  promptCacheKey?: string;
}

const CHAT_PATH = '/chat/completions';

/** o-series and gpt-5 models take `max_completion_tokens` and reject sampling parameters. */
function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model);
}

/** The request body; unset options are left out so each server applies its own defaults. */
export function chatRequestBody(
  model: string,
  messages: ChatMessage[],
  options: ChatOptions = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages };
  const reasoning = isReasoningModel(model);
  if (options.maxTokens !== undefined) body[reasoning ? 'max_completion_tokens' : 'max_tokens'] = options.maxTokens;
  if (!reasoning) {
    if (options.temperature !== undefined) body.temperature = options.temperature;
    if (options.frequencyPenalty !== undefined) body.frequency_penalty = options.frequencyPenalty;
    if (options.presencePenalty !== undefined) body.presence_penalty = options.presencePenalty;
  }
  if (options.stopSequences && options.stopSequences.length > 0) body.stop = options.stopSequences;
  if (options.responseFormat) body.response_format = options.responseFormat;
  if (options.promptCacheKey) body.prompt_cache_key = options.promptCacheKey;
  return body;
}

/** One non-streamed chat completion; its usage is reported for MODEL_USED. */
export async function completeChat(
  client: OpenAIClient,
  body: Record<string, unknown>,
  target: RequestTarget,
): Promise<string> {
  reportModelUsage({ model: typeof body.model === 'string' ? body.model : target.model });
  const json = await client.postJson(CHAT_PATH, body, target);
  const completion = parseWire(chatCompletionSchema, json, client.contextFor(CHAT_PATH, target));
  reportChatUsage(completion.usage);
  const message = completion.choices[0].message;
  return message.content ?? message.refusal ?? '';
}

function isWholeCompletion(data: unknown): boolean {
  const choices = (data as { choices?: unknown } | null)?.choices;
  return (
    Array.isArray(choices) &&
    choices.length > 0 &&
    typeof choices[0] === 'object' &&
    choices[0] !== null &&
    'message' in choices[0]
  );
}

/**
 * A streamed chat completion: each text delta goes to `onChunk` as it
 * arrives; returns the whole text. Usage comes from the final chunk
 * (`stream_options.include_usage`).
 */
export async function streamChat(
  client: OpenAIClient,
  body: Record<string, unknown>,
  target: RequestTarget,
  onChunk: StreamChunkCallback,
): Promise<string> {
  reportModelUsage({ model: typeof body.model === 'string' ? body.model : target.model });
  const context = client.contextFor(CHAT_PATH, target);
  let text = '';
  let delivered = 0;
  let complete = false;
  let usage: ChatUsage;
  const deliver = async (piece: string) => {
    if (!piece) return;
    text += piece;
    delivered++;
    await onChunk(piece);
  };
  await client.postStream(
    CHAT_PATH,
    { ...body, stream: true, stream_options: { include_usage: true } },
    {
      onData: async (data) => {
        if (isWholeCompletion(data)) {
          const completion = parseWire(chatCompletionSchema, data, context);
          usage = completion.usage;
          complete = true;
          await deliver(completion.choices[0].message.content ?? '');
          return;
        }
        const chunk = parseWire(chatChunkSchema, data, context);
        if (chunk.usage) usage = chunk.usage;
        for (const choice of chunk.choices ?? []) {
          await deliver(choice.delta?.content ?? '');
          if (choice.finish_reason) complete = true;
        }
      },
      chunksDelivered: () => delivered,
      isComplete: () => complete,
    },
    target,
  );
  reportChatUsage(usage);
  return text;
}
