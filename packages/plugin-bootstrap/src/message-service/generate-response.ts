import {
  BudgetExceededError,
  composePromptFromState,
  type Content,
  type IAgentRuntime,
  type Memory,
  messageHandlerTemplate,
  parseKeyValueXml,
  type State,
  type StreamChunkCallback,
} from '@kith/core';
import { modelHints } from '../helpers/model-hints';
import { createReplyTextStreamer } from './reply-text-streamer';

const MAX_ATTEMPTS = 3;

function asList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function budgetReply(error: BudgetExceededError): Content {
  return {
    thought: `The daily cost budget ($${error.limitUsd}) is spent; answering with the set message until midnight UTC.`,
    text: error.replyText,
    actions: ['REPLY'],
    providers: [],
    simple: true,
  };
}

/**
 * The response stage: messageHandlerTemplate on TEXT_LARGE (hinted as the
 * `messageHandler` call about `message`), parsed as XML,
 * asked again (3 attempts in all) while thought or actions are missing
 * (REPLY without text counts as missing).
 * IGNORE listed together with reply text is dropped. With `onStreamChunk`,
 * the reply text streams out as the model writes it. Null when every
 * attempt was unusable.
 */
export async function generateResponse(
  runtime: IAgentRuntime,
  message: Memory,
  state: State,
  onStreamChunk?: StreamChunkCallback,
): Promise<Content | null> {
  const template = runtime.getTemplate('messageHandlerTemplate') ?? messageHandlerTemplate;
  const prompt = composePromptFromState({ state, template });
  const hints = modelHints('messageHandler', message, state);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    // Only the first attempt streams: a retry's text would repeat what the client already saw.
    const stream = onStreamChunk && attempt === 1 ? createReplyTextStreamer(onStreamChunk) : undefined;
    let output: string;
    try {
      output = await runtime.useModel(
        'TEXT_LARGE',
        stream ? { prompt, hints, onStreamChunk: stream } : { prompt, hints },
      );
    } catch (error) {
      // Past MAX_DAILY_COST_USD with BUDGET_EXCEEDED_MESSAGE set (or no offline model): that message is the reply.
      if (BudgetExceededError.isInstance(error)) return budgetReply(error);
      throw error;
    }
    const parsed = parseKeyValueXml(output);
    // Listed twice, an action would run (and answer) twice.
    let actions = [...new Set(asList(parsed?.actions).map((a) => a.toUpperCase()))];
    const thought = text(parsed?.thought);
    const reply = text(parsed?.text);
    // REPLY without text has nothing to send; when nothing else is listed, the output is unusable.
    if (!reply.trim()) actions = actions.filter((a) => a !== 'REPLY');
    if (!parsed || actions.length === 0 || (!thought && !reply)) {
      runtime.logger.warn(
        { attempt, output: typeof output === 'string' ? output.slice(0, 200) : typeof output },
        'Model output lacked thought or actions; asking again',
      );
      continue;
    }
    if (reply.trim() && actions.includes('IGNORE')) actions = actions.filter((a) => a !== 'IGNORE');
    if (actions.length === 0) actions = ['REPLY'];
    const providers = asList(parsed.providers);
    const params =
      parsed.params && typeof parsed.params === 'object' && !Array.isArray(parsed.params)
        ? (parsed.params as Content['params'])
        : undefined;
    return {
      thought,
      text: reply,
      actions,
      providers,
      ...(params ? { params } : {}),
      simple: actions.length === 1 && actions[0] === 'REPLY' && providers.length === 0,
    };
  }
  runtime.logger.error({ attempts: MAX_ATTEMPTS }, 'No usable response from TEXT_LARGE; treating the turn as ignored');
  return null;
}
