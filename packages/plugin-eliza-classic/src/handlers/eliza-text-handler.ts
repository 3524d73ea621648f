import type { GenerateTextParams, IAgentRuntime } from '@kith/core';
import type { ElizaReply } from '../doctor/eliza-engine';
import { ConversationStore, conversationKey } from './conversation-store';
import { detectPromptKind } from './detect-prompt-kind';
import { extractUserMessage } from './extract-user-message';
import { isStopRequest } from './is-stop-request';
import { messageHandlerXml, postXml, reflectionXml, shouldRespondXml } from './response-shapes';

/** Shared by TEXT_SMALL and TEXT_LARGE, and by every runtime in the process (keys carry the agent id). */
const store = new ConversationStore();

// "Write a post that is {{adjective}} about {{topic}}, without ..." in the default template.
const POST_TOPIC = /Write a post\b[^\n]*?\babout ([^,\n]+?)\s*(?:,|\n|\bwithout\b|$)/m;

/**
 * A text model that needs no network: recognises which pipeline prompt it
 * was given, finds the user's latest message in it, and answers in that
 * prompt's format with Weizenbaum's DOCTOR script doing the talking.
 */
export async function elizaTextHandler(runtime: IAgentRuntime, params: GenerateTextParams): Promise<string> {
  const prompt = typeof params?.prompt === 'string' ? params.prompt : '';
  const agentName = runtime.character?.name || 'Eliza';
  const agentId = String(runtime.agentId ?? 'agent');

  switch (detectPromptKind(prompt)) {
    case 'should-respond':
      return shouldRespond(prompt, agentName);
    case 'reflection':
      return reflectionXml(`${agentName} notes nothing new: the DOCTOR script does not extract facts.`);
    case 'evaluation':
      return '[]';
    case 'extract-parameters':
      return '{}';
    case 'post':
      return post(runtime, prompt, agentId, agentName);
    case 'message-handler':
    case 'other':
      return reply(runtime, prompt, agentId, agentName);
  }
}

export const textSmallHandler = elizaTextHandler;
export const textLargeHandler = elizaTextHandler;

function shouldRespond(prompt: string, agentName: string): string {
  const message = extractUserMessage(prompt);
  if (message.text === '') return shouldRespondXml(agentName, 'The message is empty; there is nothing to answer.', 'IGNORE');
  if (isStopRequest(message.text, agentName)) {
    return shouldRespondXml(agentName, `${message.speaker ?? 'The user'} asked ${agentName} to stop.`, 'STOP');
  }
  return shouldRespondXml(agentName, `${agentName} answers every message in the conversation.`, 'RESPOND');
}

async function reply(runtime: IAgentRuntime, prompt: string, agentId: string, agentName: string): Promise<string> {
  const message = extractUserMessage(prompt);
  if (message.text === '') return messageHandlerXml(`There is no message for ${agentName} to answer.`, ['IGNORE'], '');
  const answer = await store.withEngine(runtime, conversationKey(agentId, message.speaker), (engine) => engine.reply(message.text));
  return messageHandlerXml(thoughtFor(agentName, answer), ['REPLY'], answer.text);
}

async function post(runtime: IAgentRuntime, prompt: string, agentId: string, agentName: string): Promise<string> {
  // The post template carries a topic rather than a message; ELIZA muses on it.
  const topic = prompt.includes('# Received Message') ? null : (POST_TOPIC.exec(prompt)?.[1]?.trim() ?? null);
  const input = topic ? `I often think about ${topic}` : extractUserMessage(prompt).text;
  const answer = await store.withEngine(runtime, conversationKey(agentId, '#posts'), (engine) => engine.reply(input));
  return postXml(`${agentName} writes what the DOCTOR script makes of ${topic ? `"${topic}"` : 'the conversation'}.`, answer.text);
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
