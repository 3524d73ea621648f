import { pickRandom, type GenerateTextParams, type IAgentRuntime } from '@kith/core';
import type { ElizaReply } from '../doctor/eliza-engine';
import { ConversationStore, conversationKey } from './conversation-store';
import { detectPromptKind } from './detect-prompt-kind';
import { extractUserMessage, type UserMessage } from './extract-user-message';
import { isStopRequest } from './is-stop-request';
import { chooseNamedAction } from './choose-named-action';
import { hintedKind, hintedMessage } from './read-hints';
import { messageHandlerXml, postXml, reflectionXml, shouldRespondXml } from './response-shapes';

/** Shared by TEXT_SMALL and TEXT_LARGE, and by every runtime in the process (keys carry the agent id). */
const store = new ConversationStore();

// "Write a post that is {{adjective}} about {{topic}}, without ..." in the default template.
const POST_TOPIC = /Write a post\b[^\n]*?\babout ([^,\n]+?)\s*(?:,|\n|\bwithout\b|$)/m;

/**
 * A text model that needs no network: answers each pipeline call in the
 * format its prompt asks for, with Weizenbaum's DOCTOR script doing the
 * talking. What is asked and the message to answer come from the call's
 * hints (`params.hints.purpose`, `params.hints.message`), so a character may
 * reword every template; a call without hints (another plugin's plain
 * prompt) is recognised by reading the prompt, as before hints existed.
 */
export async function elizaTextHandler(runtime: IAgentRuntime, params: GenerateTextParams): Promise<string> {
  const prompt = typeof params?.prompt === 'string' ? params.prompt : '';
  const agentName = runtime.character?.name || 'Eliza';
  const agentId = String(runtime.agentId ?? 'agent');
  const hinted = hintedKind(params?.hints);
  const message = (): UserMessage => hintedMessage(params?.hints) ?? extractUserMessage(prompt);

  switch (hinted ?? detectPromptKind(prompt)) {
    case 'should-respond':
      return shouldRespond(message(), agentName);
    case 'reflection':
      return reflectionXml(`${agentName} notes nothing new: the DOCTOR script does not extract facts.`);
    case 'evaluation':
      return '[]';
    case 'extract-parameters':
      return '{}';
    case 'post':
      // A post call names a topic rather than a message; a hinted one leaves the topic to the model.
      return hinted
        ? post(runtime, agentId, agentName, hintedTopic(runtime), hintedMessage(params.hints)?.text ?? '')
        : post(runtime, agentId, agentName, promptTopic(prompt), message().text);
    case 'message-handler':
    case 'other':
      return reply(runtime, message(), agentId, agentName);
  }
}

export const textSmallHandler = elizaTextHandler;
export const textLargeHandler = elizaTextHandler;

function shouldRespond(message: UserMessage, agentName: string): string {
  if (message.text === '')
    return shouldRespondXml(agentName, 'The message is empty; there is nothing to answer.', 'IGNORE');
  if (isStopRequest(message.text, agentName)) {
    return shouldRespondXml(agentName, `${message.speaker ?? 'The user'} asked ${agentName} to stop.`, 'STOP');
  }
  return shouldRespondXml(agentName, `${agentName} answers every message in the conversation.`, 'RESPOND');
}

async function reply(
  runtime: IAgentRuntime,
  message: UserMessage,
  agentId: string,
  agentName: string,
): Promise<string> {
  if (message.text === '') return messageHandlerXml(`There is no message for ${agentName} to answer.`, ['IGNORE'], '');
  const named = chooseNamedAction(runtime, message.text);
  if (named && named.missing.length > 0) {
    const words = named.name.toLowerCase().replace(/_/g, ' ');
    return messageHandlerXml(
      `The message names the ${named.name} action without its required parameters (${named.missing.join(', ')}).`,
      ['REPLY'],
      `${named.name} needs ${named.missing.join(', ')}: write them as JSON after its name, e.g. ${words} ${JSON.stringify(named.example)}`,
    );
  }
  if (named) {
    return messageHandlerXml(
      `The message names the ${named.name} action; ${agentName} runs it (the offline model picks an action only by its name).`,
      [named.name],
      '',
      named.params ? { [named.name]: named.params } : undefined,
    );
  }
  const answer = await store.withEngine(runtime, conversationKey(agentId, message.speaker), (engine) =>
    engine.reply(message.text),
  );
  return messageHandlerXml(thoughtFor(agentName, answer), ['REPLY'], answer.text);
}

/** ELIZA muses on one of the character's topics. */
function hintedTopic(runtime: IAgentRuntime): string | null {
  const topics = Array.isArray(runtime.character?.topics) ? runtime.character.topics : [];
  return pickRandom(topics, 1)[0] ?? null;
}

/** The default post template's topic, unless the prompt is a conversation. */
function promptTopic(prompt: string): string | null {
  return prompt.includes('# Received Message') ? null : (POST_TOPIC.exec(prompt)?.[1]?.trim() ?? null);
}

async function post(
  runtime: IAgentRuntime,
  agentId: string,
  agentName: string,
  topic: string | null,
  fallback: string,
): Promise<string> {
  const input = topic ? `I often think about ${topic}` : fallback;
  const answer = await store.withEngine(runtime, conversationKey(agentId, '#posts'), (engine) => engine.reply(input));
  return postXml(
    `${agentName} writes what the DOCTOR script makes of ${topic ? `"${topic}"` : 'the conversation'}.`,
    answer.text,
  );
}

function thoughtFor(agentName: string, answer: ElizaReply): string {
  switch (answer.source) {
    case 'keyword':
      return `${agentName} answers with the DOCTOR script's rules for the keyword ${answer.keyword}.`;
    case 'memory':
      return `No keyword applies, so ${agentName} returns to something the user said earlier about their own life.`;
    case 'none':
      return `No keyword applies, so ${agentName} encourages the user to go on.`;
  }
}
